import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

import { AXE_TAGS } from '../support/layout'

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source

interface AxeViolation {
  id: string
  impact?: string | null
  nodes: { target: unknown[] }[]
}

function serious(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The app shell as a test sees it: layouts, heading, modal and language switch. */
export class AppPage {
  readonly header: Locator
  readonly footer: Locator
  readonly defaultLayout: Locator
  readonly noAccessLayout: Locator
  readonly heading: Locator
  readonly main: Locator
  readonly dialog: Locator
  readonly dialogTitle: Locator
  readonly dialogClose: Locator
  readonly loginButton: Locator
  readonly registerButton: Locator

  constructor(readonly page: Page) {
    this.header = page.getByTestId('layout.header')
    this.footer = page.getByTestId('layout.footer')
    this.defaultLayout = page.getByTestId('layout.default')
    this.noAccessLayout = page.getByTestId('layout.no-access')
    // The page's one visible level-1 heading, as assistive technology finds it. While a route's
    // code loads, React keeps the previous page mounted under `display: none` beside the pending
    // page; a role query leaves out what is hidden, as a screen reader does.
    this.heading = page.getByRole('heading', { level: 1 })
    this.main = page.locator('main#main')
    this.dialog = page.getByTestId('modal.dialog')
    this.dialogTitle = this.dialog.locator('h2')
    this.dialogClose = page.getByTestId('modal.close-button')
    this.loginButton = page.getByTestId('header.login-button')
    this.registerButton = page.getByTestId('header.register-button')
  }

  /** Opens a path and waits until the app has rendered its heading. */
  async open(path: string): Promise<void> {
    await this.page.goto(path)
    await expect(this.heading).toBeVisible()
  }

  /**
   * Moves to another path (with its query, if any) inside the loaded app the way Back/Forward
   * does (pushState + popstate), so a sweep over many routes pays for one page load and one axe
   * injection.
   */
  async navigateInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(window.history.state, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    }, path)
    await expect.poll(() => this.pathAndQuery()).toBe(path)
  }

  /** The current URL's path and query, without the origin. */
  pathAndQuery(): string {
    const url = new URL(this.page.url())
    return url.pathname + url.search
  }

  languageLink(place: 'header' | 'footer' | 'page', locale: string): Locator {
    return this.page.getByTestId(`${place}.language-${locale}`)
  }

  async expectDefaultLayout(): Promise<void> {
    await expect(this.defaultLayout).toBeVisible()
    await expect(this.header).toBeVisible()
    await expect(this.footer).toBeVisible()
    await expect(this.noAccessLayout).toHaveCount(0)
  }

  async expectNoAccessLayout(): Promise<void> {
    await expect(this.noAccessLayout).toBeVisible()
    await expect(this.header).toHaveCount(0)
    await expect(this.footer).toHaveCount(0)
  }

  /** Serious and critical WCAG 2.1 A/AA violations on the page as it is now (@axe-core/playwright). */
  async seriousA11yViolations(): Promise<string[]> {
    const result = await new AxeBuilder({ page: this.page }).withTags([...AXE_TAGS]).analyze()
    return serious(result.violations)
  }

  /**
   * The same check for route sweeps: axe-core is injected once per document and re-run after
   * each in-app navigation, which is several times faster than a fresh injection per page.
   */
  async seriousA11yViolationsInPlace(): Promise<string[]> {
    const loaded = await this.page.evaluate(() => 'axe' in window)
    if (!loaded) await this.page.evaluate(axeSource)
    const violations = await this.page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe
      const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
        violations: AxeViolation[]
      }
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      }))
    }, AXE_TAGS)
    return serious(violations)
  }
}
