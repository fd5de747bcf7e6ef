/**
 * A crash bet as the round loop holds it in memory, and its public and private views on the wire.
 */
import type {
  BetId,
  BetRow,
  ClientCommand,
  CommandErrorCode,
  OwnBet,
  RoundId,
} from '../../../games/crash/protocol'
import { PROTOCOL_VERSION } from '../../../games/crash/protocol'
import type { Multiplier } from '../../../games/crash/rules'
import type { Minor } from '../../../games/engine/money'
import { crashGame } from '../../../games/crash/game'
import type { KitBet } from '../kit/bets'
import type { FeedPrivacy } from '../kit/privacy'
import type { TimerHandle } from '../kit/scheduler'

/** The game's id: its namespace `/crash`, its ledger keys `crash:...`, its history rows. */
export const CRASH_GAME_ID = crashGame.id

/** A parsed `bet` command. */
export type BetCommand = Extract<ClientCommand, { type: 'bet' }>
/** A parsed `cashOut` command. */
export type CashOutCommand = Extract<ClientCommand, { type: 'cashOut' }>
/** A parsed `cancelBet` command. */
export type CancelBetCommand = Extract<ClientCommand, { type: 'cancelBet' }>

/** How a crash bet ends: cashed out (by hand or automatically) or caught by the crash. */
export type CrashDecided = 'cashedOut' | 'lost'

/** What crash records on a bet before the ledger pays it: the multiplier it cashed out at. */
export interface CrashOutcome {
  cashout_at: Multiplier
}

/** A bet of the current or a queued round; `round` is its game number in the chain. */
export interface Bet extends KitBet<CrashDecided> {
  readonly id: BetId
  readonly autoCashoutAt: Multiplier | null
  cashoutAt: Multiplier | null
  /** The answer to its cash-out once one was decided (manual or auto): a repeat gets it again. */
  closing: Promise<CashOutResult> | null
  /** The answer to its cancellation once one was accepted. */
  cancelling: Promise<CancelResult> | null
  autoTimer: TimerHandle | null
  /** Its row as watchers were last shown it (null before its first): what snapshots show. */
  shown: BetRow | null
}

/** A bet in play (`holding` while its stake is being held), from the facts it was placed with. */
export function betInPlay(
  placed: Pick<
    Bet,
    'id' | 'round' | 'userId' | 'clientKey' | 'player' | 'amount' | 'currency' | 'autoCashoutAt'
  >,
  status: 'holding' | 'active',
  holdId: number | null,
): Bet {
  return {
    ...placed,
    status,
    holdId,
    cashoutAt: null,
    win: null,
    work: Promise.resolve(),
    closing: null,
    cancelling: null,
    autoTimer: null,
    shown: null,
  }
}

/** A refusal, shaped as every ack's error branch. */
export interface Refusal {
  type: 'error'
  v: typeof PROTOCOL_VERSION
  code: CommandErrorCode
}

/** Builds a refusal ack. */
export function refusal(code: CommandErrorCode): Refusal {
  return { type: 'error', v: PROTOCOL_VERSION, code }
}

/** The answer to `bet`. */
export type BetResult =
  | {
      type: 'ok'
      v: typeof PROTOCOL_VERSION
      betId: BetId
      roundId: RoundId
      status: 'placed' | 'queued'
      balance: Minor
    }
  | Refusal

/** The answer to `cashOut`. */
export type CashOutResult =
  | {
      type: 'ok'
      v: typeof PROTOCOL_VERSION
      betId: BetId
      cashoutAt: Multiplier
      win: Minor
      balance: Minor
    }
  | Refusal

/** The answer to `cancelBet`. */
export type CancelResult =
  { type: 'ok'; v: typeof PROTOCOL_VERSION; betId: BetId; balance: Minor } | Refusal

/** A round's wire id from its game number. */
export function roundIdOf(game: number): RoundId {
  return String(game) as RoundId
}

/** The bet's row in the public live table, without a name while its player hides. */
export function publicRow(bet: Bet, privacy: FeedPrivacy): BetRow {
  return {
    betId: bet.id,
    player: privacy.publicName(bet.userId, bet.player),
    amount: bet.amount,
    currency: bet.currency,
    status: bet.status === 'cashedOut' ? 'cashedOut' : bet.status === 'lost' ? 'lost' : 'active',
    cashoutAt: bet.status === 'cashedOut' ? bet.cashoutAt : null,
    win: bet.status === 'cashedOut' ? bet.win : null,
  }
}

/**
 * The bet as its owner's snapshot restores it; `currentGame` tells queued from active. Its outcome
 * is the one its row was shown with: a decision not yet durable is not told here either.
 */
export function ownBet(bet: Bet, currentGame: number): OwnBet {
  const shown = bet.shown?.status
  const status =
    shown === 'cashedOut' || shown === 'lost'
      ? shown
      : bet.round > currentGame
        ? 'queued'
        : 'active'
  return {
    betId: bet.id,
    roundId: roundIdOf(bet.round),
    amount: bet.amount,
    currency: bet.currency,
    autoCashoutAt: bet.autoCashoutAt,
    status,
    cashoutAt: status === 'cashedOut' ? (bet.shown?.cashoutAt ?? null) : null,
    win: status === 'cashedOut' ? (bet.shown?.win ?? null) : null,
  }
}
