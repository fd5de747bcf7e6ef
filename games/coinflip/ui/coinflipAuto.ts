/**
 * Coinflip's auto play on its page: one auto-bet (a chosen sequence of calls flipped in one trip,
 * `coinflipAutoRules`) as the scene and the announcement show it: its flips, each call with the
 * side it landed on, up to the first wrong call.
 */
import type { MoneyLocale } from '../../engine/money'
import type { InstantResult } from '../../kit/instant/round.machine'
import type { CoinflipFlip } from '../protocol'
import type { Side } from '../rules'
import { toCoinflipView, type CoinflipSceneView } from '../scene/coinflipView'
import { multiplierText, SIDE_KEYS, type Translate } from './coinflipText'

/** A coinflip auto-bet as the page keeps it. */
export type CoinflipAutoResult = InstantResult<{ calls: Side[] }, { sides: Side[] }>

/** The auto-bet's flips: each call with the side it landed on (the sides end at the first miss). */
export function autoFlips(result: CoinflipAutoResult): CoinflipFlip[] {
  return result.outcome.sides.map((side, i) => ({ call: result.params.calls[i]!, side }))
}

/** The scene's view on the Auto tab: the last auto-bet's flips and result, or the idle coin. */
export function autoSceneView(
  result: CoinflipAutoResult | null,
  instant: boolean,
  faces: Readonly<Record<Side, string>>,
  money: (value: number) => string,
  t: Translate,
  locale: MoneyLocale,
): CoinflipSceneView {
  if (result === null) {
    return toCoinflipView(null, null, instant, faces, {
      text: t('coinflip:auto.ready'),
      tone: 'neutral',
    })
  }
  const flips = autoFlips(result)
  const won = result.payout > 0
  const streak = won ? flips.length : flips.length - 1
  const last = flips.at(-1)
  const caption: CoinflipSceneView['caption'] = won
    ? {
        text: t('coinflip:scene.won', {
          multiplier: multiplierText(result.multiplier, locale),
          amount: money(result.payout),
        }),
        tone: 'won',
      }
    : {
        text: t('coinflip:scene.lost', { side: last ? t(SIDE_KEYS[last.side]) : '' }),
        tone: 'lost',
      }
  return toCoinflipView(
    { roundId: result.betId, view: { flips, streak } },
    null,
    instant,
    faces,
    caption,
  )
}

/** The sentence announced for an auto-bet: every call right and what it paid, or the miss. */
export function announceAuto(
  result: CoinflipAutoResult,
  money: (value: number) => string,
  t: Translate,
  locale: MoneyLocale,
): string {
  if (result.payout > 0) {
    return t('coinflip:auto.won', {
      multiplier: multiplierText(result.multiplier, locale),
      amount: money(result.payout),
    })
  }
  const sides = result.outcome.sides
  const side = sides.at(-1)
  return t('coinflip:auto.lost', { flip: sides.length, side: side ? t(SIDE_KEYS[side]) : '' })
}
