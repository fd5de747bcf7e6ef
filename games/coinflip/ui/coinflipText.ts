/**
 * Coinflip's sentences and captions, pure over the page's `t`, locale and money format: the
 * result announced after each flip and at the end ("Heads: correct, 3.96×"), the scene's caption
 * and its accessible name. The keys are written out literally, so the locales test sees them used.
 */
import type { MoneyLocale } from '../../engine/money'
import { multiplierText } from '../../kit/stateful/money'
import type { StatefulRound } from '../../kit/stateful/protocol'
import type {
  CoinflipAction,
  CoinflipOutcome,
  CoinflipParams,
  CoinflipReveal,
  CoinflipView,
} from '../protocol'
import type { Side } from '../rules'
import type { CoinflipSceneView } from '../scene/coinflipView'

/** A coinflip round as every ack and the round machine carry it. */
export type CoinflipRound = StatefulRound<
  CoinflipParams,
  CoinflipAction,
  CoinflipOutcome,
  CoinflipView,
  CoinflipReveal
>

/** The page's translate function (i18next's `t`, keys untyped in this project). */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** Each side's name key. */
export const SIDE_KEYS: Readonly<Record<Side, string>> = {
  heads: 'coinflip:side.heads',
  tails: 'coinflip:side.tails',
}

/** Sides (or calls) by name in a list: `Heads, Tails, Heads`. */
export function sideNames(sides: readonly Side[], t: Translate): string {
  return sides.map((side) => t(SIDE_KEYS[side])).join(', ')
}

/** A multiplier in ten-thousandths as every stateful game shows it (the kit's one format). */
export { multiplierText }

/**
 * The sentence announced for `round`: its last flip's result while it is open, or how it ended;
 * null before the first flip.
 */
export function announceRound(
  round: CoinflipRound,
  money: (value: number) => string,
  t: Translate,
  locale: MoneyLocale,
): string | null {
  const last = round.view.flips.at(-1)
  const side = last ? t(SIDE_KEYS[last.side]) : ''
  const multiplier = multiplierText(round.multiplier, locale)
  const amount = money(round.payout)
  const reason = round.endReason
  switch (reason) {
    case null:
      return last ? t('coinflip:result.correct', { side, multiplier }) : null
    case 'lost':
      return t('coinflip:result.wrong', { side })
    case 'cashout':
      return t('coinflip:result.cashout', { multiplier, amount })
    case 'cap':
      return t('coinflip:result.cap', { side, amount })
    case 'complete':
      return t('coinflip:result.complete', { side, multiplier, amount })
    case 'expired':
      return t('coinflip:result.expired', { amount })
    default: {
      const never: never = reason
      throw new Error(`[coinflip] no announcement for the end ${String(never)}`)
    }
  }
}

/** The short line under the coin: the call to make, the streak, or the round's result. */
export function sceneCaption(
  round: CoinflipRound | null,
  money: (value: number) => string,
  t: Translate,
  locale: MoneyLocale,
): CoinflipSceneView['caption'] {
  if (round === null) return { text: t('coinflip:scene.ready'), tone: 'neutral' }
  const last = round.view.flips.at(-1)
  const multiplier = multiplierText(round.multiplier, locale)
  if (round.status === 'lost') {
    return {
      text: t('coinflip:scene.lost', { side: last ? t(SIDE_KEYS[last.side]) : '' }),
      tone: 'lost',
    }
  }
  if (round.status === 'won') {
    return {
      text: t('coinflip:scene.won', { multiplier, amount: money(round.payout) }),
      tone: 'won',
    }
  }
  return round.view.streak === 0
    ? { text: t('coinflip:scene.call'), tone: 'neutral' }
    : {
        text: t('coinflip:scene.streak', { streak: round.view.streak, multiplier }),
        tone: 'neutral',
      }
}

/** The canvas's accessible name: the call in flight, or the caption's sentence. */
export function sceneLabel(
  caption: CoinflipSceneView['caption'],
  spinning: Side | null,
  t: Translate,
): string {
  if (spinning !== null) return t('coinflip:scene.flipping', { side: t(SIDE_KEYS[spinning]) })
  return caption?.text ?? t('coinflip:scene.ready')
}

/** The words on the coin's faces: the sides' names in capitals. */
export function faceWords(t: Translate): Record<Side, string> {
  return { heads: t(SIDE_KEYS.heads).toUpperCase(), tails: t(SIDE_KEYS.tails).toUpperCase() }
}
