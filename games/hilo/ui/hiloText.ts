/**
 * Hilo's sentences, from its texts (locales/<lang>/hilo.json): a card's name in the player's
 * language ("king of hearts", "король червей", "табан королі") and what is announced after each
 * step and at the end of a round.
 */
import { CARDS } from '../../engine/fairness/draws'
import type { MoneyLocale } from '../../engine/money'
import type { StatefulRound } from '../../kit/stateful/protocol'
import type { HiloAction, HiloOutcome, HiloParams, HiloView } from '../protocol'
import type { HiloMove } from '../rules'
import { multiplierText, stepsOf } from '../scene/hiloView'

/** A translation function, as i18next's `t` is called here. */
export type Translate = (key: string, options?: Record<string, unknown>) => string

/** A hilo round as the machine and the acks show it. */
export type HiloRound = StatefulRound<HiloParams, HiloAction, HiloOutcome, HiloView, HiloView>

// Literal keys, so the texts' usage check (src/i18n/keys.test.ts) sees each one written.
const SUIT_KEYS: Readonly<Record<string, string>> = {
  '♥': 'hilo:suits.hearts',
  '♦': 'hilo:suits.diamonds',
  '♠': 'hilo:suits.spades',
  '♣': 'hilo:suits.clubs',
}
const RANK_KEYS: Readonly<Record<string, string>> = {
  '2': 'hilo:ranks.2',
  '3': 'hilo:ranks.3',
  '4': 'hilo:ranks.4',
  '5': 'hilo:ranks.5',
  '6': 'hilo:ranks.6',
  '7': 'hilo:ranks.7',
  '8': 'hilo:ranks.8',
  '9': 'hilo:ranks.9',
  '10': 'hilo:ranks.10',
  J: 'hilo:ranks.J',
  Q: 'hilo:ranks.Q',
  K: 'hilo:ranks.K',
  A: 'hilo:ranks.A',
}
/** The name of each move, as its buttons, announcements and proof rows show it. */
export const MOVE_KEYS: Readonly<Record<HiloMove, string>> = {
  higherOrSame: 'hilo:guess.higherOrSame',
  lowerOrSame: 'hilo:guess.lowerOrSame',
  higher: 'hilo:guess.higher',
  lower: 'hilo:guess.lower',
  same: 'hilo:guess.same',
  skip: 'hilo:guess.skip',
}

/** A card's name: `king of hearts`. */
export function cardName(t: Translate, card: number): string {
  const { rank, suit } = CARDS[card]!
  return t('hilo:card', { rank: t(RANK_KEYS[String(rank)]!), suit: t(SUIT_KEYS[suit]!) })
}

/**
 * What is announced for the round shown: the first card, then each step's card and result, and
 * at the end what the cash-out (or the cap) paid; `money` formats the payout.
 */
export function announceRound(
  t: Translate,
  round: HiloRound,
  money: (value: number) => string,
  locale: MoneyLocale,
): string {
  const { view } = round
  const steps = stepsOf(view)
  const last = steps.at(-1)
  const paid = () => ({
    multiplier: multiplierText(round.multiplier, locale),
    amount: money(round.payout),
  })
  if (round.status === 'won' && round.endReason !== 'cap') return t('hilo:announce.cashout', paid())
  if (!last) return t('hilo:announce.start', { card: cardName(t, view.cards[0]!) })
  const card = cardName(t, last.card)
  if (last.won === null) return t('hilo:announce.skip', { card })
  const guess = t(MOVE_KEYS[last.move])
  if (!last.won) return t('hilo:announce.wrong', { card, guess })
  const correct = t('hilo:announce.correct', {
    card,
    guess,
    multiplier: multiplierText(last.running, locale),
  })
  return round.endReason === 'cap' ? `${correct} ${t('hilo:announce.cap', paid())}` : correct
}
