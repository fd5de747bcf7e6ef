import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { fundedPlayer } from './pages/CrashPage'
import { openGame } from './pages/openGame'

/**
 * The instant family's money rules in the browser (issue 30, items 4 and 8), on dice: Max stops at
 * the largest stake the maximum payout allows, and a bet's proof opened from the profile history
 * still verifies after its player changed the client seed and then rotated.
 */

/** A page of `context` with a fresh funded player (RUB) logged in, on /games/dice; and its token. */
async function dicePlayer(context: BrowserContext, baseURL: string) {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, 'dice')
  return { page, token }
}

const amount = (page: Page) => page.getByTestId('dice.amount-input')

test('Max and its hotkey stop at the largest stake whose best outcome fits the maximum payout', async ({
  context,
  baseURL,
}) => {
  const { page } = await dicePlayer(context, baseURL ?? '')
  // 0.01 % pays 9900x: 5,000,000 RUB / 9900 = 505.05 RUB, below dice's 10,000 RUB maximum bet.
  await page.getByTestId('dice.chance').fill('0.01')
  await page.getByTestId('dice.amount-max').click()
  await expect(amount(page)).toHaveValue('505.05')
  await expect(page.getByTestId('dice.amount-ceiling')).toContainText('505.05')
  await page.getByTestId('dice.amount-min').click()
  await page.locator('body').press('f')
  await expect(amount(page)).toHaveValue('505.05')
  // At even odds every stake fits: Max is the game's own maximum and no ceiling is shown.
  await page.getByTestId('dice.chance').fill('49.5')
  await page.getByTestId('dice.amount-max').click()
  await expect(amount(page)).toHaveValue('10000.00')
  await expect(page.getByTestId('dice.amount-ceiling')).toHaveCount(0)
})

test('a proof opened from the profile history verifies after a client seed change and a rotation', async ({
  context,
  baseURL,
}) => {
  const { page, token } = await dicePlayer(context, baseURL ?? '')
  await page.getByTestId('dice.bet-button').click()
  const result = page.getByTestId('dice.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  const betId = (await result.getAttribute('data-bet-id')) ?? ''
  const roll = Number(await result.getAttribute('data-roll'))
  const auth = { Authorization: `Bearer ${token}` }
  // The same pair, a new client seed, then the pair retired: the bet keeps the seed it drew with.
  const changed = await page.request.put('/api/games/seeds', {
    headers: auth,
    data: { client_seed: 'changed after the bet' },
  })
  expect(changed.ok(), await changed.text()).toBe(true)
  const rotated = await page.request.post('/api/games/seeds/rotate', { headers: auth, data: {} })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  await page.goto('/profile/history')
  await page.locator(`[data-testid="profile.history-bet-link"][data-bet-id="${betId}"]`).click()
  await expect(page).toHaveURL(`/games/dice?bet=${encodeURIComponent(betId)}`)
  await expect(page.getByTestId('dice.proof-verdict')).toHaveAttribute('data-status', 'verified')
  await expect(page.getByTestId('dice.proof-roll')).toHaveText((roll / 100).toFixed(2))
})
