import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import { CrashPage, fundedPlayer } from './pages/CrashPage'
import { openGame, reloadGame } from './pages/openGame'
import { playedGameInEveryLanguage } from './support/layout'

/** A page of `context` where a fresh funded player (RUB) is logged in, on /games/dice. */
async function dicePlayer(context: BrowserContext, baseURL: string): Promise<Page> {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, 'dice')
  return page
}

/** The player's balance as the server's profile reports it, in minor units. */
const serverBalance = (page: Page) => new CrashPage(page).serverBalance()

/**
 * Waits for the answer to the bet just placed (a new bet id on the result line), then checks the
 * balance: the server's is the last one less the stake plus the payout, and the header shows it.
 */
async function expectSettled(
  page: Page,
  previousBet: string | null,
  before: number,
  stake: number,
) {
  const result = page.getByTestId('dice.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  await expect.poll(() => result.getAttribute('data-bet-id')).not.toBe(previousBet)
  const payout = Number(await result.getAttribute('data-payout'))
  const after = before - stake + payout
  expect(await serverBalance(page)).toBe(after)
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(after as Minor, 'RUB', 'en'),
  )
  return { betId: await result.getAttribute('data-bet-id'), balance: after }
}

test('three dice bets by mouse: the linked inputs set the bet, the balance follows the server', async ({
  context,
  baseURL,
}) => {
  const page = await dicePlayer(context, baseURL ?? '')
  await page.getByTestId('dice.chance').fill('25')
  await expect(page.getByTestId('dice.multiplier')).toHaveValue('3.9600')
  await expect(page.getByTestId('dice.target')).toHaveValue('75.00')
  await page.getByTestId('dice.amount-input').fill('5.00')
  let balance = await serverBalance(page)
  let betId: string | null = null
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('dice.bet-button').click()
    ;({ betId, balance } = await expectSettled(page, betId, balance, 500))
  }
  await expect(page.getByTestId('dice.history-item')).toHaveCount(3)
  // The live tables (general service) list the player's own bets as they settle.
  await page.getByTestId('dice.live-tab-mine').click()
  await expect(
    page.getByTestId('dice.live-table').getByTestId('dice.live-row').first(),
  ).toHaveAttribute('data-bet-id', betId ?? '')
  // A fresh player's first pair: three bets used nonces 0, 1 and 2.
  await page.getByTestId('dice.seeds').click()
  await expect(page.getByTestId('dice.seeds-nonce')).toHaveText('3')
  await page.getByTestId('dice.seeds-rotate').click()
  await expect(page.getByTestId('dice.seeds-previous')).toContainText('3')
  await expect(page.getByTestId('dice.seeds-nonce')).toHaveText('0')
})

test('three dice bets by keyboard only: the amount keys, then Space', async ({
  context,
  baseURL,
}) => {
  const page = await dicePlayer(context, baseURL ?? '')
  // Min is 1.00 RUB (docs/games.md); D doubles it.
  await page.keyboard.press('a')
  await page.keyboard.press('d')
  await expect(page.getByTestId('dice.amount-input')).toHaveValue('2.00')
  let balance = await serverBalance(page)
  let betId: string | null = null
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Space')
    ;({ betId, balance } = await expectSettled(page, betId, balance, 200))
  }
  await page.keyboard.press('?')
  await expect(page.getByTestId('dice.shortcuts-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('dice.shortcuts-dialog')).toHaveCount(0)
})

test('a bet opened from the profile history shows its proof, recomputed in the browser after a rotation', async ({
  context,
  baseURL,
}) => {
  const page = await dicePlayer(context, baseURL ?? '')
  await page.getByTestId('dice.bet-button').click()
  const result = page.getByTestId('dice.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  const betId = (await result.getAttribute('data-bet-id')) ?? ''
  const roll = Number(await result.getAttribute('data-roll'))
  // The bet's line in the history links to its proof on the dice page (`?bet=<id>`).
  await page.goto('/profile/history')
  await page.locator(`[data-testid="profile.history-bet-link"][data-bet-id="${betId}"]`).click()
  await expect(page).toHaveURL(`/games/dice?bet=${encodeURIComponent(betId)}`)
  const verdict = page.getByTestId('dice.proof-verdict')
  await expect(verdict).toHaveAttribute('data-status', 'unrevealed')
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value
  const rotated = await page.request.post('/api/games/seeds/rotate', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  await reloadGame(page, 'dice')
  await expect(verdict).toHaveAttribute('data-status', 'verified')
  await expect(page.getByTestId('dice.proof-roll')).toHaveText((roll / 100).toFixed(2))
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('dice.fairness-dialog')).toHaveCount(0)
  expect(new URL(page.url()).searchParams.get('bet')).toBeNull()
})

test('the dice page in en, ru and kz at 375 px and 1440 px, axe clean', async ({
  context,
  baseURL,
}) => {
  const page = await dicePlayer(context, baseURL ?? '')
  // A result on the slider and in the strip, as a player sees the page after a bet.
  await page.getByTestId('dice.bet-button').click()
  await playedGameInEveryLanguage(page, 'dice')
  // The pass ends in Kazakh: the fields show the decimal comma and read one typed there.
  await page.getByTestId('dice.chance').fill('12,5')
  await expect(page.getByTestId('dice.multiplier')).toHaveValue('7,9200')
  await expect(page.getByTestId('dice.target')).toHaveValue('87,50')
})
