/**
 * A crash bet as the round loop holds it in memory, and its public and private views on the wire.
 */
import { randomUUID } from 'node:crypto'
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
import type { UserId } from '../../../contract'
import type { Currency, Minor } from '../../../games/engine/money'
import type { TimerHandle } from './clock'

/** A parsed `bet` command. */
export type BetCommand = Extract<ClientCommand, { type: 'bet' }>
/** A parsed `cashOut` command. */
export type CashOutCommand = Extract<ClientCommand, { type: 'cashOut' }>
/** A parsed `cancelBet` command. */
export type CancelBetCommand = Extract<ClientCommand, { type: 'cancelBet' }>

/** A player's id (users.id): the contract's, shared with the shell. */
export type { UserId }

/** Who sends a command: a logged-in player, or null for a guest (who may only watch). */
export interface Bettor {
  userId: UserId
  /** Display name in the public bets table. */
  player: string
  /** The player's account currency; bets in another currency are refused. */
  currency: Currency
}

/**
 * In-memory status. `holding`: accepted, the stake is being held; `active`: held and in play
 * (or queued, when its game is after the current one); `cashedOut` / `lost`: decided (the ledger
 * settle may still be in flight on `work`); `cancelled`: withdrawn before its round started.
 */
export type BetStatus = 'holding' | 'active' | 'cashedOut' | 'lost' | 'cancelled'

/** A bet of the current or a queued round. */
export interface Bet {
  id: BetId
  game: number
  userId: UserId
  clientKey: string
  player: string
  amount: Minor
  currency: Currency
  autoCashoutAt: Multiplier | null
  status: BetStatus
  holdId: number | null
  cashoutAt: Multiplier | null
  win: Minor | null
  /**
   * Every ledger and row write of this bet, chained, so they happen in order: a settle waits for
   * the hold it closes even when the crash comes first. Never rejects (failures are logged).
   */
  work: Promise<void>
  /** The answer to its cash-out once one was decided (manual or auto): a repeat gets it again. */
  closing: Promise<CashOutResult> | null
  /** The answer to its cancellation once one was accepted. */
  cancelling: Promise<CancelResult> | null
  autoTimer: TimerHandle | null
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

/**
 * A new bet id: random, so ids reveal nothing about volume and can be made before any write
 * (the bet counts in its round from the instant its command arrives).
 */
export function newBetId(): BetId {
  return `b-${randomUUID()}` as BetId
}

/** The ledger reference of a bet's hold: how recovery finds the money of a bet. */
export function holdReference(betId: string): string {
  return `crash:bet:${betId}`
}

/** The bet's row in the public live table. */
export function publicRow(bet: Bet): BetRow {
  return {
    betId: bet.id,
    player: bet.player,
    amount: bet.amount,
    currency: bet.currency,
    status: bet.status === 'cashedOut' ? 'cashedOut' : bet.status === 'lost' ? 'lost' : 'active',
    cashoutAt: bet.status === 'cashedOut' ? bet.cashoutAt : null,
    win: bet.status === 'cashedOut' ? bet.win : null,
  }
}

/** The bet as its owner's snapshot restores it; `currentGame` tells queued from active. */
export function ownBet(bet: Bet, currentGame: number): OwnBet {
  const status =
    bet.status === 'cashedOut' || bet.status === 'lost'
      ? bet.status
      : bet.game > currentGame
        ? 'queued'
        : 'active'
  return {
    betId: bet.id,
    roundId: roundIdOf(bet.game),
    amount: bet.amount,
    currency: bet.currency,
    autoCashoutAt: bet.autoCashoutAt,
    status,
    cashoutAt: status === 'cashedOut' ? bet.cashoutAt : null,
    win: status === 'cashedOut' ? bet.win : null,
  }
}
