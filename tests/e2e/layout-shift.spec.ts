import { expect, test, type Locator, type Page } from '@playwright/test'
import { CrashPage } from './pages/CrashPage'

/** Core Web Vitals call a cumulative layout shift up to 0.1 good; the shell is held to half. */
const MAX_SHIFT = 0.05

/** One layout shift as the browser reported it, with what moved (for the failure message). */
interface Shift {
  value: number
  at: number
  moved: string[]
}

declare global {
  interface Window {
    __layoutShifts?: Shift[]
  }
}

/**
 * Records every layout shift of the page from its first frame (`buffered`), except those right
 * after input, as the Core Web Vitals metric does.
 */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number
      hadRecentInput: boolean
      sources?: {
        node?: Node | null
        previousRect: DOMRectReadOnly
        currentRect: DOMRectReadOnly
      }[]
    }
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?'
      const id = node.getAttribute('data-testid')
      return id ? `[data-testid=${id}]` : `${node.tagName.toLowerCase()}.${node.className}`
    }
    const shifts: Shift[] = []
    window.__layoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          moved: (entry.sources ?? []).map(
            (s) =>
              `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/**
 * The total once the page has finished: loaded, its content drawn, web fonts in, no request in
 * flight, and two more frames for the last entries to be delivered. What is measured is where
 * things ended up against where they were first drawn, however long each step took.
 */
async function totalShift(page: Page, ready: Locator): Promise<{ total: number; shifts: Shift[] }> {
  await expect(ready).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve([...(window.__layoutShifts ?? [])])),
        ),
      ),
  )
  const total = shifts.reduce((sum, s) => sum + s.value, 0)
  test.info().annotations.push({ type: 'layout shift', description: total.toFixed(4) })
  return { total, shifts }
}

const PAGES: { name: string; path: string; ready: (page: Page) => Locator }[] = [
  { name: 'lobby', path: '/', ready: (page) => page.locator('h1') },
  { name: 'FAQ', path: '/faq', ready: (page) => page.getByTestId('faq.item-games') },
  {
    name: 'crash',
    path: '/games/crash',
    ready: (page) => page.locator('[data-testid="crash.connection"][data-status="online"]'),
  },
]

for (const width of [375, 1440]) {
  test.describe(`layout shift at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } })
    for (const { name, path, ready } of PAGES) {
      test(`${name}: nothing moves once drawn, for a guest`, async ({ page }) => {
        await recordShifts(page)
        await page.goto(path)
        const { total, shifts } = await totalShift(page, ready(page))
        expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(MAX_SHIFT)
      })
    }
  })
}

test.describe('layout shift at 375 px, signed in', () => {
  test.use({ viewport: { width: 375, height: 812 } })
  for (const { name, path, ready } of PAGES) {
    test(`${name}: nothing moves once drawn, for a player`, async ({ context, baseURL }) => {
      // The test's own context (375 px, from test.use), which Playwright closes after the test: one
      // opened from `browser` stayed open with its page for the rest of the worker's run.
      const crash = await CrashPage.loggedIn(context, baseURL as string)
      const page = crash.page
      await recordShifts(page)
      await page.goto(path)
      const { total, shifts } = await totalShift(page, ready(page))
      expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(MAX_SHIFT)
    })
  }
})
