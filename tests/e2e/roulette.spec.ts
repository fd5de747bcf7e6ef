import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import { spinPayout, type RouletteParams } from '../../games/roulette/rules'
import { CrashPage, fundedPlayer } from './pages/CrashPage'
import { openGame } from './pages/openGame'
import { playedGameInEveryLanguage } from './support/layout'

/** A page of `context` where a fresh funded player (RUB) is logged in, on /games/roulette. */
async function roulettePlayer(context: BrowserContext, baseURL: string): Promise<Page> {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, 'roulette')
  return page
}

/** What the roulette scene drew last, through the test build's canvas hook. */
async function drawn(page: Page) {
  return page.evaluate(() => window.__tesseraCanvas?.find('roulette')?.detail ?? null)
}

/** A 5 RUB chip on 17, on the split 17-18 and on red: the spin the tests play. */
const SPIN: RouletteParams = {
  bets: [
    { kind: 'straight', numbers: [17], amount: 500 as Minor },
    { kind: 'split', numbers: [17, 18], amount: 500 as Minor },
    { kind: 'red', amount: 500 as Minor },
  ],
}

/** Places {@link SPIN}'s chips by mouse. */
async function placeSpin(page: Page) {
  await page.getByTestId('roulette.chip-500').click()
  for (const id of ['straight:17', 'split:17-18', 'red']) {
    await page.getByTestId(`roulette.spot-${id}`).click()
  }
  await expect(page.getByTestId('roulette.total')).toHaveAttribute('data-total', '1500')
}

test('a roulette spin with a straight, a split and red: paid as the rules pay the pocket', async ({
  context,
  baseURL,
}) => {
  const page = await roulettePlayer(context, baseURL ?? '')
  // The ball is put in its pocket at once (reduced motion), so where it lands is checked without
  // waiting out a spin whose length in wall time depends on the machine's frame rate; the spin's
  // animation itself is the scene's unit test.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await placeSpin(page)
  const before = await new CrashPage(page).serverBalance()
  await page.getByTestId('roulette.bet-button').click()
  const result = page.getByTestId('roulette.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  const pocket = Number(await result.getAttribute('data-pocket'))
  const payout = spinPayout(SPIN, pocket)
  await expect(result).toHaveAttribute('data-payout', String(payout))
  const after = before - 1500 + payout
  expect(await new CrashPage(page).serverBalance()).toBe(after)
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(after as Minor, 'RUB', 'en'),
  )
  // The wheel's ball comes to rest on the server's pocket.
  await expect.poll(() => drawn(page)).toMatchObject({ pocket, ballPocket: pocket, landed: true })
  await expect(page.getByTestId('roulette.history-item')).toHaveCount(1)

  // The spin's proof, opened from the profile's bet history: the pocket, the seed still secret.
  await page.goto('/profile/history')
  await page.getByTestId('profile.history-bet-link').click()
  await expect(page).toHaveURL(/\/games\/roulette\?bet=/)
  await expect(page.getByTestId('roulette.proof-pocket')).toHaveAttribute(
    'data-pocket',
    String(pocket),
  )
  await expect(page.getByTestId('roulette.proof-verdict')).toHaveAttribute(
    'data-status',
    'unrevealed',
  )
})

test('the roulette page in en, ru and kz at 375 px and 1440 px, axe clean', async ({
  context,
  baseURL,
}) => {
  const page = await roulettePlayer(context, baseURL ?? '')
  // Chips on the table and a result, as a player sees the page after a spin: placed by keyboard
  // only (the table is one tab stop; arrows reach the split and the corner, Enter places).
  // The page draws for a guest until the session is read: wait for the player's chips.
  await expect(page.getByTestId('roulette.chip-100')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('roulette.spot-straight:1').focus()
  for (const key of ['Enter', 'ArrowRight', 'Enter', 'ArrowDown', 'Enter']) {
    await page.keyboard.press(key)
  }
  await expect(page.getByTestId('roulette.spot-corner:1-2-4-5')).toBeFocused()
  await expect(page.getByTestId('roulette.total')).toHaveAttribute('data-total', '300')
  await page.getByTestId('roulette.bet-button').focus()
  await page.keyboard.press('Enter')
  await playedGameInEveryLanguage(page, 'roulette')
})
