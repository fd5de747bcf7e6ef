import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import { fundedPlayer } from './pages/CrashPage'
import { openGame, reloadGame } from './pages/openGame'
import { axeViolations, horizontalOverflow, reviewScreenshot } from './support/layout'
import { t } from './support/locales'

/**
 * The player's basics the kit gives every game (sound settings, full screen, session statistics),
 * on the dice page.
 */

test('mute and the volume persist across a reload', async ({ page }) => {
  await openGame(page, 'dice')
  const mute = page.getByTestId('dice.mute')
  const volume = page.getByTestId('dice.volume')
  await expect(mute).toHaveAttribute('aria-pressed', 'false')
  await volume.fill('25')
  await mute.click()
  await expect(mute).toHaveAttribute('aria-pressed', 'true')
  await expect(volume).toBeDisabled()

  await reloadGame(page, 'dice')
  await expect(mute).toHaveAttribute('aria-pressed', 'true')
  await expect(volume).toHaveValue('25')

  await mute.click()
  await reloadGame(page, 'dice')
  await expect(page.getByTestId('dice.mute')).toHaveAttribute('aria-pressed', 'false')
})

/** The element the browser shows in full screen: the game's area, or nothing. */
const fullscreenTestId = (page: Page) =>
  page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid ?? null)

test('full screen entered and left with the button', async ({ page }) => {
  await openGame(page, 'dice')
  const area = page.getByTestId('dice.area')
  const button = page.getByTestId('dice.fullscreen')
  await button.click()
  await expect(area).toHaveAttribute('data-screen', 'fullscreen')
  expect(await fullscreenTestId(page)).toBe('dice.area')
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  // The game's own controls are in the full-screen area.
  await expect(page.getByTestId('dice.bet-panel')).toBeVisible()

  await button.click()
  await expect(area).toHaveAttribute('data-screen', 'normal')
  expect(await fullscreenTestId(page)).toBeNull()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
})

test('without element full screen (iPhone Safari) the theatre layout is entered, and Esc leaves it', async ({
  page,
}) => {
  // iPhone Safari has no element full screen: no requestFullscreen (prefixed or not), and
  // fullscreenEnabled false.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false })
    Reflect.deleteProperty(Element.prototype, 'requestFullscreen')
    Reflect.deleteProperty(Element.prototype, 'webkitRequestFullscreen')
  })
  await page.setViewportSize({ width: 375, height: 812 })
  await openGame(page, 'dice')
  const area = page.getByTestId('dice.area')
  await page.getByTestId('dice.fullscreen').click()
  await expect(area).toHaveAttribute('data-screen', 'theatre')
  const box = await area.boundingBox()
  expect(box).toEqual({ x: 0, y: 0, width: 375, height: 812 })
  await page.keyboard.press('Escape')
  await expect(area).toHaveAttribute('data-screen', 'normal')
})

async function dicePlayer(context: BrowserContext, baseURL: string): Promise<Page> {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, 'dice')
  return page
}

test('session statistics count the bets, at 375 and 1440 px in en and ru', async ({
  context,
  baseURL,
}) => {
  const page = await dicePlayer(context, baseURL ?? '')
  await page.getByTestId('dice.amount-input').fill('5.00')
  const result = page.getByTestId('dice.result')
  let payouts = 0
  for (let i = 0; i < 2; i++) {
    const before = (await result.count()) > 0 ? await result.getAttribute('data-bet-id') : null
    await page.getByTestId('dice.bet-button').click()
    await expect.poll(() => result.getAttribute('data-bet-id')).not.toBe(before)
    payouts += Number(await result.getAttribute('data-payout'))
  }
  await page.getByTestId('dice.stats-toggle').click()
  const stats = page.getByTestId('dice.stats')
  await expect(page.getByTestId('dice.stats-count')).toHaveText('Bets: 2')
  await expect(page.getByTestId('dice.stats-wagered')).toHaveText(
    formatMoney(1000 as Minor, 'RUB', 'en'),
  )
  const wins = Number(await page.getByTestId('dice.stats-wins').textContent())
  const losses = Number(await page.getByTestId('dice.stats-losses').textContent())
  expect(wins + losses).toBe(2)
  // A dice win pays 1.98× at the default chance: any payout is a win.
  expect(wins > 0).toBe(payouts > 0)
  // The round label names the bet readably, not by its whole id.
  await expect(page.getByTestId('dice.round')).toHaveText(/^Bet [0-9a-f]{8}$/)
  expect(await axeViolations(page, '[data-testid="page.dice"]')).toEqual([])

  for (const locale of ['en', 'ru'] as const) {
    await page.getByTestId(`footer.language-${locale}`).click()
    await expect(page.getByTestId('page.title')).toHaveText(t(locale, 'pages:dice.title'))
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      await expect(stats).toBeVisible()
      // The bet button is the panel's biggest: as wide as the panel's content.
      const panel = (await page.getByTestId('dice.bet-panel').boundingBox())!
      const bet = (await page.getByTestId('dice.bet-button').boundingBox())!
      expect(bet.width).toBeGreaterThan(panel.width - 40)
      expect(await horizontalOverflow(page), `${locale} ${width}`).toBeLessThanOrEqual(0)
      await reviewScreenshot(page, {
        path: `test-results/screenshots/basics-dice-${locale}-${width}.png`,
        fullPage: true,
      })
    }
  }
})
