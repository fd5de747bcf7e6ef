import { expect, test } from '@playwright/test'

import { sideOf } from '../../games/coinflip/rules'
import { floatCursor } from '../../games/engine/fairness'
import { formatMoney, type Minor } from '../../games/engine/money'
import { CrashPage, FUNDED_BALANCE } from './pages/CrashPage'
import { playerWithSeeds, seedsNamed } from './pages/knownSeeds'
import { openRoundInEveryLanguage } from './support/layout'

/** The round's flips are known before it opens: flip n is float n of nonce 0 of this pair. */
const SEEDS = seedsNamed('coinflip streak')

test('a coinflip streak of three, called by mouse and by key, cashes out at 7.92x', async ({
  context,
  baseURL,
}) => {
  const floats = floatCursor(SEEDS.serverSeed, SEEDS.clientSeed, 0)
  const sides = [0, 1, 2].map(() => sideOf(floats.next()))
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'coinflip', SEEDS)
  const result = page.getByTestId('coinflip.result')
  await page.getByTestId('coinflip.amount-input').fill('1.00')
  await page.getByTestId('coinflip.bet-button').click()
  await expect(result).toHaveAttribute('data-status', 'open')
  // The first two calls by mouse, the third by its key (H heads, T tails).
  for (const [i, side] of sides.entries()) {
    if (i < 2) await page.getByTestId(`coinflip.call-${side}`).click()
    else await page.keyboard.press(side === 'heads' ? 'h' : 't')
    await expect(result).toHaveAttribute('data-step', String(i + 1))
    await expect(result).toHaveAttribute('data-status', 'open')
  }
  // 0.99 x 2^3 on 1.00: the panel shows 7.92 now, and the cash-out pays it.
  await expect(page.getByTestId('coinflip.profit')).toContainText('6.92')
  await page.getByTestId('coinflip.cashout-button').click()
  await expect(result).toHaveAttribute('data-status', 'won')
  await expect(result).toHaveAttribute('data-payout', '792')
  const balance = FUNDED_BALANCE - 100 + 792
  expect(await new CrashPage(page).serverBalance()).toBe(balance)
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(balance as Minor, 'RUB', 'en'),
  )
})

test('the coinflip page in en, ru and kz at 375 px and 1440 px, axe clean', async ({
  context,
  baseURL,
}) => {
  const { page } = await playerWithSeeds(context, baseURL ?? '', 'coinflip', SEEDS)
  await page.getByTestId('coinflip.bet-button').click()
  await expect(page.getByTestId('coinflip.result')).toHaveAttribute('data-status', 'open')
  await openRoundInEveryLanguage(page, 'coinflip')
})
