import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import { LOCALES, t } from './locales'

/** WCAG 2.1 A and AA, the level the shell and every game page are held to. */
export const AXE_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * How many CSS pixels the document is wider than the viewport: 0 (or less) when nothing sticks
 * out sideways, which is what a page that fits a phone must show.
 */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
}

/**
 * WCAG 2.1 A/AA violations of any impact inside `selector`, one `"<rule id>: <first target>"` line
 * each, so a failing assertion names the rule and the element.
 */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags([...AXE_TAGS])
    .analyze()
  return axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)
}

/**
 * Whether the layout passes save screenshots: only when a developer asks (`E2E_SCREENSHOTS=1`) to
 * look at the pages. A full-page capture of a WebGL page costs one to four seconds on a loaded
 * machine, six of them per game page, and nobody reads a CI run's PNGs; the checks themselves
 * (visible, no sideways overflow, axe) run every time.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'

/**
 * Saves a picture of `target` (a page, or one element of it) for a person to look at, only when
 * one asks (`E2E_SCREENSHOTS=1`): no assertion reads it, and a capture of a WebGL page costs one
 * to four seconds. The checks beside each call run every time.
 */
export async function reviewScreenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!SCREENSHOTS) return
  if ('goto' in target) await target.screenshot(options)
  else await target.screenshot({ path: options.path })
}

/**
 * A game page at a phone (375 px) and a desktop (1440 px) width, in that order: at each, `ready` is
 * visible and nothing overflows sideways; with `E2E_SCREENSHOTS=1` the full page is saved to
 * `test-results/screenshots/<name>-<locale>-<width>.png`.
 */
export async function layoutAtWidths(
  page: Page,
  { name, locale, ready }: { name: string; locale: string; ready: Locator },
): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
    await expect(ready).toBeVisible()
    expect(await horizontalOverflow(page), `${locale} ${width}`).toBeLessThanOrEqual(0)
    await reviewScreenshot(page, {
      path: `test-results/screenshots/${name}-${locale}-${width}.png`,
      fullPage: true,
    })
  }
}

/**
 * {@link layoutAtWidths} in en, ru and kz, the language switched in place with the footer's
 * switcher, as a player switches it: the page keeps its state (a game's socket, its last result),
 * so the pass shows what a player sees after playing without reloading, reconnecting or playing
 * again in each language. `title` is the page heading's text key (`pages:dice.title`).
 */
export async function layoutInEveryLanguage(
  page: Page,
  { name, title, ready }: { name: string; title: string; ready: Locator },
): Promise<void> {
  for (const locale of LOCALES) {
    await page.getByTestId(`footer.language-${locale.code}`).click()
    await expect(page.getByTestId('page.title')).toHaveText(t(locale.code, title))
    await layoutAtWidths(page, { name, locale: locale.code, ready })
  }
}

/**
 * A game's page after a play (its `<game>.result` holds the bet, or a stateful game's open
 * round: `attribute` `data-round-id`, its main button then `cashout-button`), checked once with
 * axe (the markup is the same in every language), then {@link layoutInEveryLanguage}; the result
 * shown at the end is still that bet's or round's, since the language changed in place.
 * `name` names the screenshots (the game's id by default; `miner-auto` for its Auto tab).
 */
export async function playedGameInEveryLanguage(
  page: Page,
  game: string,
  { attribute = 'data-bet-id', button = 'bet-button', name = game } = {},
): Promise<void> {
  const result = page.getByTestId(`${game}.result`)
  await expect(result).toHaveAttribute(attribute, /.+/)
  const shown = (await result.getAttribute(attribute)) ?? ''
  expect(await axeViolations(page, `[data-testid="page.${game}"]`)).toEqual([])
  await layoutInEveryLanguage(page, {
    name,
    title: `pages:${game}.title`,
    ready: page.getByTestId(`${game}.${button}`),
  })
  await expect(result).toHaveAttribute(attribute, shown)
}

/** A stateful game's page with a round open, as {@link playedGameInEveryLanguage} checks a bet. */
export function openRoundInEveryLanguage(page: Page, game: string): Promise<void> {
  return playedGameInEveryLanguage(page, game, {
    attribute: 'data-round-id',
    button: 'cashout-button',
  })
}
