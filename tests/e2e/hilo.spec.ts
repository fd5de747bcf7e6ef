import { expect, test } from '@playwright/test'

import { cardOf, floatCursor } from '../../games/engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../../games/engine/money'
import {
  guessWins,
  guessesOn,
  lastCard,
  playMove,
  rankOf,
  startRound,
  type HiloGuess,
} from '../../games/hilo/rules'
import { cashOutPayout } from '../../games/hilo/rules'
import { CrashPage, FUNDED_BALANCE } from './pages/CrashPage'
import { playerWithSeeds, seedsNamed } from './pages/knownSeeds'
import { openRoundInEveryLanguage } from './support/layout'

/** The round's cards are known before it opens: card n is float n of nonce 0 of this pair. */
const SEEDS = seedsNamed('hilo cashout')
const STAKE = { amount: 100 as Minor, cap: MAX_BET_PAYOUT.RUB }

/** Two winning guesses on this pair's cards (by the published rules), and what they pay. */
function plan() {
  const floats = floatCursor(SEEDS.serverSeed, SEEDS.clientSeed, 0)
  let round = startRound(cardOf(floats.next()))
  const moves: HiloGuess[] = []
  for (let i = 0; i < 2; i++) {
    const next = cardOf(floats.next())
    const rank = rankOf(lastCard(round))
    const move = guessesOn(rank).find((guess) => guessWins(rank, guess, rankOf(next)))
    if (!move) throw new Error('no guess wins on this card: choose another seed')
    moves.push(move)
    round = playMove(round, move, next, STAKE).round
  }
  return { moves, payout: cashOutPayout(STAKE, round.multiplier) }
}

test('a hilo round of two correct guesses, the second by its arrow key, cashes out', async ({
  context,
  baseURL,
}) => {
  const { moves, payout } = plan()
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'hilo', SEEDS)
  const result = page.getByTestId('hilo.result')
  await page.getByTestId('hilo.amount-input').fill('1.00')
  await page.getByTestId('hilo.bet-button').click()
  await expect(result).toHaveAttribute('data-status', 'open')
  // Before a correct guess there is nothing to cash out.
  await expect(page.getByTestId('hilo.cashout-button')).toBeDisabled()
  const button = (move: HiloGuess) =>
    page.locator(`[data-testid^="hilo.guess-"][data-move="${move}"]`)
  await button(moves[0]!).click()
  await expect(result).toHaveAttribute('data-step', '1')
  const up = (await button(moves[1]!).getAttribute('data-testid')) === 'hilo.guess-up'
  await page.keyboard.press(up ? 'ArrowUp' : 'ArrowDown')
  await expect(result).toHaveAttribute('data-step', '2')
  await expect(result).toHaveAttribute('data-status', 'open')
  await page.getByTestId('hilo.cashout-button').click()
  await expect(result).toHaveAttribute('data-status', 'won')
  await expect(result).toHaveAttribute('data-payout', String(payout))
  expect(await new CrashPage(page).serverBalance()).toBe(FUNDED_BALANCE - 100 + payout)
})

test('the hilo page in en, ru and kz at 375 px and 1440 px, axe clean', async ({
  context,
  baseURL,
}) => {
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'hilo', SEEDS)
  await page.getByTestId('hilo.bet-button').click()
  await expect(page.getByTestId('hilo.result')).toHaveAttribute('data-status', 'open')
  await openRoundInEveryLanguage(page, 'hilo')
})
