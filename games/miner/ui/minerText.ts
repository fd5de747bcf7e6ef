/**
 * Miner's sentences, pure over a translate function: what is announced (and shown under the
 * game) after each step and at the end, the result over the board, and the canvas's name. The
 * page passes i18next's `t`, tests a fake.
 */
import type { MoneyLocale } from '../../engine/money'
import { multiplierText } from '../../kit/stateful/money'
import type { StatefulRound } from '../../kit/stateful/protocol'
import type { MinerAction, MinerOutcome, MinerParams, MinerReveal, MinerView } from '../protocol'
import { safeTiles } from '../rules'
import { tilePlace } from './tiles'

/** A miner round as every ack shows it. */
export type MinerRound = StatefulRound<
  MinerParams,
  MinerAction,
  MinerOutcome,
  MinerView,
  MinerReveal
>

/** i18next's `t`, as far as these sentences use it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string

/** What the sentences format with: the translator, money in the player's currency, the locale. */
export interface MinerTextEnv {
  t: Translate
  money: (value: number) => string
  locale: MoneyLocale
}

const times = multiplierText

/** The outcome of the round's last step that revealed tiles, or null before any. */
function lastOutcome(round: MinerRound): MinerOutcome | null {
  for (let i = round.steps.length - 1; i >= 0; i--) {
    const outcome = round.steps[i]!.outcome
    if (outcome) return outcome
  }
  return null
}

/**
 * The sentence announced for the round shown: its last step's gems while it is open (with what a
 * cash-out pays now), the mine that lost it, or how it paid; null before the first step.
 */
export function announceRound(round: MinerRound, env: MinerTextEnv): string | null {
  const { t, money, locale } = env
  const won = { multiplier: times(round.multiplier, locale), amount: money(round.payout) }
  const last = lastOutcome(round)
  switch (round.endReason) {
    case null: {
      if (!last) return null
      return last.tiles.length === 1
        ? t('miner:announce.gem', { ...tilePlace(last.tiles[0]!), ...won })
        : t('miner:announce.gems', { count: last.tiles.length, ...won })
    }
    case 'lost':
      return t('miner:announce.mine', tilePlace(last?.hit[0] ?? 0))
    case 'cashout':
      return t('miner:announce.cashout', won)
    case 'complete':
      return t('miner:announce.complete', won)
    case 'cap':
      return t('miner:announce.cap', won)
    case 'expired':
      return t('miner:announce.expired', { amount: money(round.payout) })
    default:
      throw new Error(`[miner/text] unknown end ${JSON.stringify(round.endReason)}`)
  }
}

/** The short result over the board once the round has ended; null while it is open. */
export function sceneResult(
  round: MinerRound,
  env: MinerTextEnv,
): { text: string; won: boolean } | null {
  if (round.status === 'open') return null
  if (round.payout === 0) return { text: env.t('miner:scene.lost'), won: false }
  return {
    text: env.t('miner:scene.won', {
      multiplier: times(round.multiplier, env.locale),
      amount: env.money(round.payout),
    }),
    won: true,
  }
}

/** The canvas's accessible name: the board's mines before a round, the gems found in one. */
export function sceneLabel(round: MinerRound | null, mines: number, env: MinerTextEnv): string {
  if (!round) return env.t('miner:scene.ready', { count: mines })
  if (round.status !== 'open') return announceRound(round, env) ?? ''
  return env.t('miner:scene.open', {
    found: round.view.revealed.length,
    gems: safeTiles(round.view.mines),
  })
}
