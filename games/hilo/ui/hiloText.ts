/**
 * Hilo's sentences, from its texts (locales/<lang>/hilo.json): a card's name in the player's
 * language ("king of hearts", "король червей", "табан королі") and what is announced after each
 * step and at the end of a round.
 */
import { CARDS } from '../../engine/fairness/draws'
import type { MoneyLocale } from '../../engine/money'
import type { StatefulRound } from '../../kit/stateful/protocol'
import type { HiloAction, HiloOutcome, HiloParams, HiloView } from '../protocol'
import { multiplierText, stepsOf } from '../scene/hiloView'

/** A translation function, as i18next's `t` is called here. */
export type Translate = (key: string, options?: Record<string, unknown>) => string

/** A hilo round as the machine and the acks show it. */
export type HiloRound = StatefulRound<HiloParams, HiloAction, HiloOutcome, HiloView, HiloView>

const SUIT_KEYS = { '♥': 'hearts', '♦': 'diamonds', '♠': 'spades', '♣': 'clubs' } as const

/** A card's name: `king of hearts`. */
export function cardName(t: Translate, card: number): string {
  const { rank, suit } = CARDS[card]!
  return t('hilo:card', { rank: t(`hilo:ranks.${rank}`), suit: t(`hilo:suits.${SUIT_KEYS[suit]}`) })
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
  const guess = t(`hilo:guess.${last.move}`)
  if (!last.won) return t('hilo:announce.wrong', { card, guess })
  const correct = t('hilo:announce.correct', {
    card,
    guess,
    multiplier: multiplierText(last.running, locale),
  })
  return round.endReason === 'cap' ? `${correct} ${t('hilo:announce.cap', paid())}` : correct
}
