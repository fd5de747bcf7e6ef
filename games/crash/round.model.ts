/**
 * The data of the crash round machine: its context, events and input, and the pure helpers its
 * guards and actions share. What the scene draws is `scene/crashView.ts`'s (the machine never
 * reads a clock itself).
 */
import type { Currency, Minor } from '../engine/money'
import type { ConnectionEvent } from '../kit/wireLink'
import type { LiveRoundContext } from '../kit/live/round.model'
import {
  HISTORY_LENGTH,
  PROTOCOL_VERSION,
  type BetId,
  type BetRow,
  type ClientCommand,
  type CommandErrorCode,
  type CommandKey,
  type HistoryEntry,
  type Phase,
  type RoundId,
  type ServerEvent,
} from './protocol'
import { settle, type BetProblem, type CrashPoint, type Multiplier } from './rules'

/** The round as last reported by the server; times are server epoch ms. */
export interface RoundInfo {
  id: RoundId
  phase: Phase
  bettingEndsAt: number | null
  startedAt: number | null
  crashPoint: CrashPoint | null
  roundHash: string | null
}

/** The player's bet: composed, then confirmed by the server's ack or snapshot. */
export interface PlayerBet {
  /** Idempotency key of the `bet` command; null for a bet restored from a snapshot. */
  key: CommandKey | null
  betId: BetId | null
  /** The round it plays in; null until the server says. */
  roundId: RoundId | null
  amount: Minor
  currency: Currency
  autoCashoutAt: Multiplier | null
  cashoutAt: Multiplier | null
  win: Minor | null
}

/** Why the last intent failed: a pre-check problem, a server error code or a lost connection. */
export type RoundError = BetProblem | CommandErrorCode | 'network'

/** Everything the scene and the controls draw from; the live kit keeps `round` and `clockOffset`. */
export interface CrashRoundContext extends LiveRoundContext<Phase> {
  /** The player's currency; null for a guest, who can watch but not bet. */
  currency: Currency | null
  balance: Minor | null
  round: RoundInfo | null
  fairness: { salt: string; terminatingHash: string } | null
  /** The live bets table of the current round. */
  bets: BetRow[]
  /** Finished rounds, newest first. */
  history: HistoryEntry[]
  bet: PlayerBet | null
  lastError: RoundError | null
}

/** What the player can do; keys are made at the app edge (a UUID per click). */
export type CrashIntent =
  | { type: 'BET'; key: CommandKey; amount: Minor; autoCashoutAt: Multiplier | null }
  | { type: 'CASH_OUT'; key: CommandKey }
  | { type: 'CANCEL'; key: CommandKey }

/** Every event the round machine accepts: parsed server events, intents, connection changes. */
export type CrashRoundEvent = ServerEvent | CrashIntent | ConnectionEvent

/** Initial knowledge from the shell: null currency and balance for a guest. */
export interface CrashRoundInput {
  currency: Currency | null
  balance: Minor | null
}

/** The `bet` command. */
export type BetCommand = Extract<ClientCommand, { type: 'bet' }>
/** The `cashOut` command. */
export type CashOutCommand = Extract<ClientCommand, { type: 'cashOut' }>
/** The `cancelBet` command. */
export type CancelBetCommand = Extract<ClientCommand, { type: 'cancelBet' }>
/** The `sync` command. */
export type SyncCommand = Extract<ClientCommand, { type: 'sync' }>
/** The `snapshot` event. */
export type SnapshotEvent = Extract<ServerEvent, { type: 'snapshot' }>
/** Status of one of the player's own bets in a snapshot. */
export type OwnBetStatus = NonNullable<SnapshotEvent['me']>['bets'][number]['status']

/** The player's own bet in a snapshot: the one of the snapshot's round first, else a queued one. */
export function ownBetIn(snapshot: SnapshotEvent) {
  const bets = snapshot.me?.bets ?? []
  return (
    bets.find((b) => b.roundId === snapshot.round.id && b.status !== 'queued') ??
    bets.find((b) => b.status === 'queued')
  )
}

/** True when `betId` is the player's bet. */
export const isMine = (context: CrashRoundContext, betId: BetId) =>
  context.bet !== null && context.bet.betId === betId

/** The `bet` command for the drafted bet; a missing draft here is a bug in the machine. */
export function betCommand(bet: PlayerBet | null): BetCommand {
  if (!bet) throw new Error('[crash/round] placing without a drafted bet')
  const { key, amount, currency, autoCashoutAt } = bet
  if (!key) throw new Error('[crash/round] placing a bet without its idempotency key')
  return { type: 'bet', v: PROTOCOL_VERSION, key, amount, currency, autoCashoutAt }
}

/** The server's id of the player's bet; cash-out and cancel are only enabled once it is known. */
export function placedBetId(bet: PlayerBet | null): BetId {
  if (!bet?.betId) throw new Error('[crash/round] no placed bet to act on')
  return bet.betId
}

/** The `cashOut` command of the placed bet. */
export const cashOutCommand = (key: CommandKey, bet: PlayerBet | null): CashOutCommand => ({
  type: 'cashOut',
  v: PROTOCOL_VERSION,
  key,
  betId: placedBetId(bet),
})

/** The `cancelBet` command of the placed (or queued) bet. */
export const cancelBetCommand = (key: CommandKey, bet: PlayerBet | null): CancelBetCommand => ({
  type: 'cancelBet',
  v: PROTOCOL_VERSION,
  key,
  betId: placedBetId(bet),
})

/** The bet as the rules settle it at `crashPoint` (auto cash-out at or below it wins). */
export function settledAt(bet: PlayerBet | null, crashPoint: CrashPoint): PlayerBet | null {
  if (!bet) return null
  const outcome = settle({ ...bet, cashedOutAt: bet.cashoutAt }, crashPoint)
  return {
    ...bet,
    cashoutAt: outcome.type === 'cashedOut' ? outcome.cashoutAt : null,
    win: outcome.win,
  }
}

/** The round a `betting` event opens. */
export function openedRound(event: Extract<ServerEvent, { type: 'betting' }>): RoundInfo {
  const { roundId: id, bettingEndsAt } = event
  return { id, phase: 'betting', bettingEndsAt, startedAt: null, crashPoint: null, roundHash: null }
}

/** Finished rounds with `crashed` first, as many as the snapshot keeps. */
export function withCrash(
  history: HistoryEntry[],
  event: Extract<ServerEvent, { type: 'crashed' }>,
): HistoryEntry[] {
  const { roundId, crashPoint, roundHash, salt } = event
  return [{ roundId, crashPoint, roundHash, salt }, ...history].slice(0, HISTORY_LENGTH)
}

/** The bet table after a batch: rows upserted by `betId`, new ones last. */
export function mergedBets(bets: BetRow[], batch: BetRow[]): BetRow[] {
  const updates = new Map(batch.map((row) => [row.betId, row]))
  const known = new Set(bets.map((row) => row.betId))
  return [
    ...bets.map((row) => updates.get(row.betId) ?? row),
    ...batch.filter((row) => !known.has(row.betId)),
  ]
}

/** The player's bet a snapshot restores (`ownBetIn`), or null when it has none. */
export function restoredBet(snapshot: SnapshotEvent): PlayerBet | null {
  const own = ownBetIn(snapshot)
  if (!own) return null
  const { betId, roundId, amount, currency, autoCashoutAt, cashoutAt, win } = own
  // No key: placed by another tab or before a reload.
  return { key: null, betId, roundId, amount, currency, autoCashoutAt, cashoutAt, win }
}

/** The bet a `BET` intent drafts, before the server's ack gives it an id and a round. */
export function draftedBet(
  intent: Extract<CrashIntent, { type: 'BET' }>,
  currency: Currency,
): PlayerBet {
  const { key, amount, autoCashoutAt } = intent
  return {
    key,
    betId: null,
    roundId: null,
    amount,
    currency,
    autoCashoutAt,
    cashoutAt: null,
    win: null,
  }
}
