import { expect, test, type Page } from '@playwright/test'

import { floatCursor } from '../../games/engine/fairness'
import { minerBoard, minerMultiplier } from '../../games/miner/rules'
import { CrashPage, FUNDED_BALANCE } from './pages/CrashPage'
import { playerWithSeeds, seedsNamed, type KnownSeeds } from './pages/knownSeeds'
import { openGame, reloadGame } from './pages/openGame'
import { playedGameInEveryLanguage } from './support/layout'

/**
 * Every board is known before its round opens: round n of the pair draws its mines from nonce
 * n's floats (minerBoard, as the server places them), so a test steps only on gems.
 */
const MINES = 3

/** The safe tiles of the pair's round `nonce`, in board order. */
function gems(seeds: KnownSeeds, nonce: number): number[] {
  const mines = new Set(minerBoard(floatCursor(seeds.serverSeed, seeds.clientSeed, nonce), MINES))
  return Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.has(tile))
}

/** What a cash-out after `safe` gems pays on 1.00 (100 minor units). */
const payoutAfter = (safe: number) => Math.floor((100 * minerMultiplier(MINES, safe)) / 10_000)

/** Opens a round of 1.00 with three mines by mouse, and waits for the server's answer. */
async function openRound(page: Page): Promise<void> {
  await page.getByTestId('miner.amount-input').fill('1.00')
  await page.getByTestId('miner.mines').selectOption(String(MINES))
  await page.getByTestId('miner.bet-button').click()
  await expect(page.getByTestId('miner.result')).toHaveAttribute('data-status', 'open')
}

test('a miner round by mouse: two gems, a cash-out, the whole board shown, its proof from the history', async ({
  context,
  baseURL,
}) => {
  const seeds = seedsNamed('miner mouse')
  const [first, second] = gems(seeds, 0)
  const { page, token } = await playerWithSeeds(context, baseURL ?? '', 'miner', seeds)
  const result = page.getByTestId('miner.result')
  await openRound(page)
  for (const [i, tile] of [first!, second!].entries()) {
    await page.getByTestId(`miner.tile-${tile}`).click()
    await expect(result).toHaveAttribute('data-step', String(i + 1))
    await expect(page.getByTestId(`miner.tile-${tile}`)).toHaveAttribute('data-face', 'gem')
  }
  await page.getByTestId('miner.cashout-button').click()
  await expect(result).toHaveAttribute('data-status', 'won')
  await expect(result).toHaveAttribute('data-payout', String(payoutAfter(2)))
  // The round is over: every mine is shown.
  await expect(page.locator('[data-testid^="miner.tile-"][data-face^="mine"]')).toHaveCount(MINES)
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE - 100 + payoutAfter(2))
  const roundId = (await result.getAttribute('data-round-id')) ?? ''

  // The round in the history, its proof opened from there: after a rotation it verifies.
  const rotated = await page.request.post('/api/games/seeds/rotate', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  await page.goto('/profile/history')
  await page.locator(`[data-testid="profile.history-bet-link"][data-bet-id="${roundId}"]`).click()
  await expect(page).toHaveURL(`/games/miner?bet=${encodeURIComponent(roundId)}`)
  await expect(page.getByTestId('miner.proof-verdict')).toHaveAttribute('data-status', 'verified')
  await expect(page.getByTestId('miner.proof-step')).toHaveCount(3)
})

/**
 * Presses Tab until `testId` has the focus (a player tabbing to it), at most twice round every
 * element that could take it: how many there are depends on the page (the live tables add a link
 * per bet that other tests made), and where the focus starts on what the last key did.
 */
async function tabTo(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId)
  const stops = await page.evaluate(
    () => document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length,
  )
  for (
    let i = 0;
    i <= 2 * stops && !(await target.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test('a miner round by keyboard only: the grid by arrows and Enter, the cash-out by its key', async ({
  context,
  baseURL,
}) => {
  const seeds = seedsNamed('miner keyboard')
  const safe = gems(seeds, 0)
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'miner', seeds)
  const result = page.getByTestId('miner.result')
  // The amount's shortcut (A: the minimum), the mine count, then Bet by Enter.
  await page.keyboard.press('a')
  await expect(page.getByTestId('miner.amount-input')).toHaveValue('1.00')
  // The mine count's list by type-ahead, as a closed select takes keys.
  await tabTo(page, 'miner.mines')
  await page.keyboard.type(String(MINES))
  await expect(page.getByTestId('miner.mines')).toHaveValue(String(MINES))
  await tabTo(page, 'miner.bet-button')
  await page.keyboard.press('Enter')
  await expect(result).toHaveAttribute('data-status', 'open')
  // Into the grid with Tab: one tab stop, on the middle tile (12); then the first two gems by
  // the arrows (row-major, five a row) and Enter on each.
  await tabTo(page, 'miner.tile-12')
  let at = 12
  for (const [i, tile] of safe.slice(0, 2).entries()) {
    while (at !== tile) {
      const rows = Math.floor(tile / 5) - Math.floor(at / 5)
      const key =
        rows > 0 ? 'ArrowDown' : rows < 0 ? 'ArrowUp' : at < tile ? 'ArrowRight' : 'ArrowLeft'
      await page.keyboard.press(key)
      at += { ArrowDown: 5, ArrowUp: -5, ArrowRight: 1, ArrowLeft: -1 }[key]
    }
    await expect(page.getByTestId(`miner.tile-${tile}`)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(result).toHaveAttribute('data-step', String(i + 1))
  }
  await page.keyboard.press('c')
  await expect(result).toHaveAttribute('data-status', 'won')
  await expect(result).toHaveAttribute('data-payout', String(payoutAfter(2)))
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE - 100 + payoutAfter(2))
})

test('a round left open by a reload resumes; the history shows it in progress and links back', async ({
  context,
  baseURL,
}) => {
  const seeds = seedsNamed('miner reload')
  const [gem] = gems(seeds, 0)
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'miner', seeds)
  const result = page.getByTestId('miner.result')
  await openRound(page)
  await page.getByTestId(`miner.tile-${gem}`).click()
  await expect(result).toHaveAttribute('data-step', '1')
  const roundId = (await result.getAttribute('data-round-id')) ?? ''
  // The stake is held while the round is open.
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE - 100)

  await reloadGame(page, 'miner')
  await expect(result).toHaveAttribute('data-round-id', roundId)
  await expect(result).toHaveAttribute('data-status', 'open')
  await expect(page.getByTestId(`miner.tile-${gem}`)).toHaveAttribute('data-face', 'gem')
  await expect(page.getByTestId('miner.cashout-button')).toBeEnabled()

  await page.goto('/profile/history')
  const link = page.locator(
    `[data-testid="profile.history-continue-link"][data-bet-id="${roundId}"]`,
  )
  await link.click()
  await expect(page).toHaveURL('/games/miner')
  await expect(result).toHaveAttribute('data-round-id', roundId)
  await expect(result).toHaveAttribute('data-step', '1')
})

test('miner auto-bet: tiles picked on the board, three one-trip bets, each board shown', async ({
  context,
  baseURL,
}) => {
  const seeds = seedsNamed('miner auto')
  // Tiles that are gems on the boards of nonces 0, 1 and 2: every bet of the run wins.
  const [first, second] = gems(seeds, 0).filter(
    (tile) => gems(seeds, 1).includes(tile) && gems(seeds, 2).includes(tile),
  )
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'miner', seeds)
  await page.getByTestId('miner.amount-input').fill('1.00')
  await page.getByTestId('miner.mines').selectOption(String(MINES))
  // The Auto tab's form is twice as tall as Manual's; the board beside it stays where it was.
  const corner = page.getByTestId('miner.tile-0')
  const before = await corner.boundingBox()
  await page.getByTestId('miner.mode.auto').click()
  await expect(page.getByTestId('miner.autobet.bets')).toBeVisible()
  expect(await corner.boundingBox()).toEqual(before)
  for (const tile of [first!, second!]) {
    await page.getByTestId(`miner.tile-${tile}`).click()
    await expect(page.getByTestId(`miner.tile-${tile}`)).toHaveAttribute('data-face', 'picked')
  }
  await page.getByTestId('miner.autobet.bets').fill('3')
  await page.getByTestId('miner.autobet.start').click()
  await expect(page.getByTestId('miner.autobet.played')).toHaveAttribute('data-played', '3')
  const result = page.getByTestId('miner.result')
  await expect(result).toHaveAttribute('data-status', 'won')
  await expect(result).toHaveAttribute('data-payout', String(payoutAfter(2)))
  // No round was opened: three instant bets, the last one's board on the scene and the tiles.
  await expect(result).toHaveAttribute('data-round-id', '')
  await expect(page.getByTestId(`miner.tile-${first}`)).toHaveAttribute('data-face', 'picked')
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE - 300 + 3 * payoutAfter(2))
  const betId = await result.getAttribute('data-bet-id')
  // Miner's one layout pass: the Auto tab after its run (its panel the longest, the board picked),
  // in every language at both widths, axe clean. An open round's panel is the kit's stateful one,
  // checked on hilo's and coinflip's pages.
  await playedGameInEveryLanguage(page, 'miner', { button: 'autobet.start', name: 'miner-auto' })
  // The last bet's link, as the history and the live tables give it: no round has its id, so
  // the page shows the bet's own proof.
  await openGame(page, 'miner', '', `/games/miner?bet=${betId}`)
  await expect(page.getByTestId('miner.proof-picked')).toHaveText(
    [first!, second!].sort((a, b) => a - b).join(', '),
  )
  await expect(page.getByTestId('miner.proof-verdict')).toHaveAttribute('data-status', 'unrevealed')
})
