/**
 * The data of the stateful round machine (round.machine.ts): its context, events and input, the
 * commands it sends, and the pure helpers its guards and actions share: how an ack or a snapshot
 * changes what the machine shows. The server is authoritative: every round shown is one the
 * server sent (an ack, a refusal that carries the round, a snapshot); the machine never advances
 * a round by itself.
 */
import type { Currency, Minor } from '../../engine/money'
import type { CommandKey, RoundId } from '../protocol'
import type { ConnectionEvent } from '../wireLink'
import type {
  STATEFUL_PROTOCOL_VERSION,
  StatefulAck,
  StatefulErrorCode,
  StatefulRound,
} from './protocol'

/** How many ended rounds the machine keeps for the strip of recent rounds. */
export const RECENT_LENGTH = 20

/** Why the last command did not go through: the server's refusal, no answer, or no connection. */
export type StatefulRoundError = StatefulErrorCode | 'network' | 'offline'

/** The `open` command as the machine sends it. */
export interface StatefulOpenCommand<P> {
  type: 'open'
  v: typeof STATEFUL_PROTOCOL_VERSION
  key: CommandKey
  amount: Minor
  currency: Currency
  params: P
}

/** The `step` command: plays step `step + 1` of a round the client saw at `step`. */
export interface StatefulStepCommand<A> {
  type: 'step'
  v: typeof STATEFUL_PROTOCOL_VERSION
  key: CommandKey
  roundId: RoundId
  step: number
  action: A
}

/** The `cashout` command: ends a round the client saw at `step`. */
export interface StatefulCashoutCommand {
  type: 'cashout'
  v: typeof STATEFUL_PROTOCOL_VERSION
  key: CommandKey
  roundId: RoundId
  step: number
}

/** A command in flight, kept with its key until an answer comes (a lost one is resent as is). */
export type StatefulCommand<P, A> =
  StatefulOpenCommand<P> | StatefulStepCommand<A> | StatefulCashoutCommand

/** The active seed pair's public side, as the last snapshot or ack told it. */
export interface StatefulSeeds {
  serverSeedHash: string
  clientSeed: string
  /** The nonce the next round will use. */
  nonce: number
}

/**
 * A stateful game's snapshot (the wire's `snapshot` event): the player's seeds, open round and
 * last ended round.
 */
export interface StatefulSnapshot<P, A, O, W, R> {
  type: 'snapshot'
  v: typeof STATEFUL_PROTOCOL_VERSION
  serverTime: number
  me: {
    balance: Minor
    currency: Currency
    serverSeedHash: string
    clientSeed: string
    nonce: number
    /** The player's round of the game not yet paid: open, or ended and being paid. */
    round: StatefulRound<P, A, O, W, R> | null
    /** The player's most recently paid round of the game; absent from an older server. */
    lastEnded?: StatefulRound<P, A, O, W, R> | null
  } | null
}

/** What the round machine knows. */
export interface StatefulRoundContext<P, A, O, W, R> {
  /** The player's currency; null for a guest, who cannot open a round. */
  currency: Currency | null
  balance: Minor | null
  connected: boolean
  /** The round shown: open, or just ended (until NEW); null on the form. */
  round: StatefulRound<P, A, O, W, R> | null
  /** The command in flight, its key kept for a resend when its answer is lost. */
  pending: StatefulCommand<P, A> | null
  seeds: StatefulSeeds | null
  /** Ended rounds, newest first, at most {@link RECENT_LENGTH}. */
  recent: StatefulRound<P, A, O, W, R>[]
  lastError: StatefulRoundError | null
}

/** The machine's input: the signed-in player's currency and balance (null: a guest). */
export interface StatefulRoundInput {
  currency: Currency | null
  balance: Minor | null
}

/**
 * The player's intents (`OPEN` a round, `STEP` with an action, `CASHOUT`, `NEW`: from a settled
 * round back to the form), the server's snapshot and the stream's connection reports. `O`, `W`
 * and `R` type the snapshot's round; a sender of intents needs only `StatefulRoundEvent<P, A>`.
 */
export type StatefulRoundEvent<P, A, O = unknown, W = unknown, R = unknown> =
  | { type: 'OPEN'; key: CommandKey; amount: Minor; params: P }
  | { type: 'STEP'; key: CommandKey; action: A }
  | { type: 'CASHOUT'; key: CommandKey }
  | { type: 'NEW' }
  /** A balance the page heard elsewhere on the same stream (the game's auto-bet's acks). */
  | { type: 'BALANCE'; balance: Minor }
  | StatefulSnapshot<P, A, O, W, R>
  | ConnectionEvent

/** True when `round` is still in play. */
export function isOpen(round: StatefulRound<unknown, unknown, unknown, unknown, unknown> | null) {
  return round?.status === 'open'
}

/** The round an ack shows: the ok answer's, or the one a refusal carries (`stale_step`...). */
export function roundOfAck<P, A, O, W, R>(
  ack: StatefulAck<P, A, O, W, R>,
): StatefulRound<P, A, O, W, R> | null {
  return ack.round ?? null
}

/**
 * True when a snapshot's round answers the command in flight: an open command is answered by any
 * round of the player (one open round per game: its own, or another tab's that a resend would be
 * refused for); a step or a cash-out by its round moved past the step it expected, ended, or
 * replaced by another round.
 */
export function answersPending(
  pending: StatefulCommand<unknown, unknown> | null,
  round: StatefulRound<unknown, unknown, unknown, unknown, unknown> | null,
): boolean {
  if (pending === null || round === null) return false
  if (pending.type === 'open') return true
  return round.roundId !== pending.roundId || round.step > pending.step || !isOpen(round)
}

/** What showing `round` changes in the context: the round, the recent strip, the seeds. */
export function showRound<P, A, O, W, R>(
  context: StatefulRoundContext<P, A, O, W, R>,
  round: StatefulRound<P, A, O, W, R>,
): Pick<StatefulRoundContext<P, A, O, W, R>, 'round' | 'recent' | 'seeds'> {
  const recent = isOpen(round)
    ? context.recent
    : [round, ...context.recent.filter((r) => r.roundId !== round.roundId)].slice(0, RECENT_LENGTH)
  // The round used the nonce it shows, so the pair's next one is after it (unless rotated since).
  const seeds =
    context.seeds && context.seeds.serverSeedHash === round.serverSeedHash
      ? { ...context.seeds, nonce: Math.max(context.seeds.nonce, round.nonce + 1) }
      : context.seeds
  return { round, recent, seeds }
}

/** True when `round` already is in the recent strip (an ended round shown again by a snapshot). */
export function isKnownEnded<P, A, O, W, R>(
  context: StatefulRoundContext<P, A, O, W, R>,
  round: StatefulRound<P, A, O, W, R>,
): boolean {
  return !isOpen(round) && context.recent.some((r) => r.roundId === round.roundId)
}
