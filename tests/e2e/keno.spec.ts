import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import { CrashPage, FUNDED_BALANCE, fundedPlayer } from './pages/CrashPage'
import { openGame, reloadGame } from './pages/openGame'
import { playedGameInEveryLanguage } from './support/layout'

/** A page of `context` where a fresh funded player (RUB) is logged in, on /games/keno. */
async function kenoPlayer(context: BrowserContext, baseURL: string): Promise<Page> {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, 'keno')
  return page
}

/** The numbers the board shows picked (its buttons' pressed state). */
async function pickedNumbers(page: Page): Promise<number[]> {
  const pressed = page.locator('[data-testid^="keno.tile-"][aria-pressed="true"]')
  return (await pressed.allTextContents()).map(Number).sort((a, b) => a - b)
}

/**
 * Waits for the answer to the bet just placed (a new bet id on the result line) and checks it
 * against the server: the balance moved by the stake and the payout, the header shows it, and
 * the board marks as hits exactly the picks among the drawn numbers once the draw is shown.
 */
async function expectSettled(page: Page, before: number, stake: number, picks: number[]) {
  const result = page.getByTestId('keno.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  const payout = Number(await result.getAttribute('data-payout'))
  const drawn = ((await result.getAttribute('data-drawn')) ?? '').split(',').map(Number)
  expect(new Set(drawn).size).toBe(10)
  const after = before - stake + payout
  expect(await new CrashPage(page).serverBalance()).toBe(after)
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(after as Minor, 'RUB', 'en'),
  )
  const hits = picks.filter((n) => drawn.includes(n))
  await expect(page.locator('[data-testid^="keno.tile-"][data-state="hit"]')).toHaveCount(
    hits.length,
  )
  for (const n of hits)
    await expect(page.getByTestId(`keno.tile-${n}`)).toHaveAttribute('data-state', 'hit')
  // The pay table highlights the bet's hit count, and the scene drew the whole draw.
  const now = page.getByTestId('keno.paytable').locator('li[aria-current="true"]')
  await expect(now).toHaveCount(1)
  const [from, to = from] = ((await now.getAttribute('data-hits')) ?? '').split('–').map(Number)
  expect(hits.length).toBeGreaterThanOrEqual(from ?? NaN)
  expect(hits.length).toBeLessThanOrEqual(to ?? NaN)
  return { drawn, hits, balance: after }
}

test('keno by keyboard only: ten numbers picked on the grid with the arrows and Enter/Space, then a bet', async ({
  context,
  baseURL,
}) => {
  const page = await kenoPlayer(context, baseURL ?? '')
  const board = page.getByTestId('keno.board')
  await expect(board).toHaveAttribute('role', 'grid')
  // Into the grid with Tab: one tab stop, on number 1.
  const first = page.getByTestId('keno.tile-1')
  for (let i = 0; i < 20 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(first).toBeFocused()
  await expect(first).toHaveAccessibleName('1')
  // 1, 2, 3, 4, 5 along the first row, then 13, 21, 29, 37 down a column, then 38.
  await page.keyboard.press('Enter')
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press(i % 2 === 0 ? 'Space' : 'Enter')
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
  }
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Space')
  const picks = [1, 2, 3, 4, 5, 13, 21, 29, 37, 38]
  expect(await pickedNumbers(page)).toEqual(picks)
  await expect(page.getByTestId('keno.tile-38')).toHaveAttribute('aria-pressed', 'true')
  // An eleventh number is not taken.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('keno.tile-39')).toHaveAttribute('aria-pressed', 'false')
  // Classic with ten picks: 0–2 hits pay nothing (one cell), then 3 to 10 hits.
  await expect(page.getByTestId('keno.paytable').locator('li')).toHaveCount(9)
  // The amount's shortcut (A: the minimum) works from the grid; then Tab on to Bet and Enter.
  await page.keyboard.press('a')
  await expect(page.getByTestId('keno.amount-input')).toHaveValue('1.00')
  const bet = page.getByTestId('keno.bet-button')
  for (let i = 0; i < 30 && !(await bet.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(bet).toBeFocused()
  const before = await new CrashPage(page).serverBalance()
  await page.keyboard.press('Enter')
  await expectSettled(page, before, 100, picks)
})

test('an auto-pick round: the chosen count of random numbers, a bet, the draw on the board', async ({
  context,
  baseURL,
}) => {
  const page = await kenoPlayer(context, baseURL ?? '')
  await page.getByTestId('keno.risk-high').check()
  await page.getByTestId('keno.auto-count').selectOption('6')
  await page.getByTestId('keno.auto-pick').click()
  const picks = await pickedNumbers(page)
  expect(picks).toHaveLength(6)
  await expect(page.getByTestId('keno.picked')).toContainText('6')
  await expect(page.getByTestId('keno.paytable')).toHaveAttribute('data-risk', 'high')
  await page.getByTestId('keno.amount-input').fill('2.00')
  const before = await new CrashPage(page).serverBalance()
  await page.getByTestId('keno.bet-button').click()
  await expectSettled(page, before, 200, picks)
  // The scene drew the whole draw (the canvas test hook), and Clear empties the board.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const detail = window.__tesseraCanvas?.find('keno')?.detail as
          { revealed?: number } | undefined
        return detail?.revealed ?? null
      }),
    )
    .toBe(10)
  await page.getByTestId('keno.clear').click()
  expect(await pickedNumbers(page)).toEqual([])
})

test('the keno page in en, ru and kz at 375 px and 1440 px, axe clean', async ({
  context,
  baseURL,
}) => {
  const page = await kenoPlayer(context, baseURL ?? '')
  await page.getByTestId('keno.auto-pick').click()
  await page.getByTestId('keno.bet-button').click()
  await playedGameInEveryLanguage(page, 'keno')
})

test('an auto-bet run plays the picked numbers: four bets, and the books agree', async ({
  context,
  baseURL,
}) => {
  const page = await kenoPlayer(context, baseURL ?? '')
  const picks = [6, 14, 22, 30, 38]
  for (const n of picks) await page.getByTestId(`keno.tile-${n}`).click()
  await page.getByTestId('keno.amount-input').fill('1.00')
  await page.getByTestId('keno.mode.auto').click()
  await page.getByTestId('keno.autobet.bets').fill('4')
  await page.getByTestId('keno.autobet.start').click()
  await expect(page.getByTestId('keno.autobet.stop-reason')).toHaveAttribute('data-reason', 'bets')
  await expect(page.getByTestId('keno.autobet.played')).toHaveAttribute('data-played', '4')
  // Every bet of the run drew against the same picks, now shown with the last draw.
  expect(await pickedNumbers(page)).toEqual(picks)
  await expect(page.getByTestId('keno.history-item')).toHaveCount(4)
  const net = Number(await page.getByTestId('keno.autobet.profit').getAttribute('data-net'))
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE + net)
  await page.getByTestId('keno.seeds').click()
  await expect(page.getByTestId('keno.seeds-nonce')).toHaveText('4')
})

test('a keno bet opened from the profile history shows its proof, recomputed in the browser after a rotation', async ({
  context,
  baseURL,
}) => {
  const page = await kenoPlayer(context, baseURL ?? '')
  await page.getByTestId('keno.auto-pick').click()
  await page.getByTestId('keno.bet-button').click()
  const result = page.getByTestId('keno.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  const betId = (await result.getAttribute('data-bet-id')) ?? ''
  const drawn = ((await result.getAttribute('data-drawn')) ?? '').split(',').join(' ')
  await page.goto('/profile/history')
  await page.locator(`[data-testid="profile.history-bet-link"][data-bet-id="${betId}"]`).click()
  await expect(page).toHaveURL(`/games/keno?bet=${encodeURIComponent(betId)}`)
  const verdict = page.getByTestId('keno.proof-verdict')
  await expect(verdict).toHaveAttribute('data-status', 'unrevealed')
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value
  const rotated = await page.request.post('/api/games/seeds/rotate', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  await reloadGame(page, 'keno')
  await expect(verdict).toHaveAttribute('data-status', 'verified')
  await expect(page.getByTestId('keno.proof-drawn')).toHaveText(drawn)
})
