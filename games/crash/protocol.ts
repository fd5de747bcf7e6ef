/**
 * The crash wire protocol, shared by the server and the client and parsed on arrival at both ends.
 * Every message carries `v` and a `type` equal to its socket.io event name. The server sends state
 * changes only (betting opens, start time, batched bets, crash); there is deliberately no per-frame
 * `tick`: clients draw the curve from `started.startedAt` on a server-anchored clock.
 *
 * Commands (client to server) carry an idempotency `key`: a retry with the same key gets the first
 * answer again and never places a second bet. Their answers are socket.io acks (`*AckSchema`).
 */
import { z } from 'zod/mini'
import type { CrashPoint } from '../engine/fairness'
import { hashSchema } from '../engine/fairness/schemas'
import { currencySchema } from '../engine/money'
import {
  COMMON_ERROR_CODES,
  betIdSchema,
  commandKeySchema,
  defineWire,
  errorAckSchema,
  fundsSchema,
  proofNotFoundSchema,
  roundIdSchema,
  serverTimeSchema,
  stakeSchema,
  type AckOf as WireAckOf,
  type AnyRequestOf,
  type EventOf,
} from '../kit/protocol'
import { liveResync, liveSyncAckSchema, liveSyncCommandSchema } from '../kit/live/protocol'
import type { Multiplier } from './rules'

export { betIdSchema, commandKeySchema, roundIdSchema }
export type { BetId, CommandKey, RoundId } from '../kit/protocol'

/** The protocol version this build speaks; both ends reject other versions. */
export const PROTOCOL_VERSION = 1
const v = z.literal(PROTOCOL_VERSION)

/** A multiplier in integer hundredths, at least 1.00x. */
export const multiplierSchema = z.pipe(
  z.int().check(z.minimum(100)),
  z.transform((n: number) => n as Multiplier),
)

/** A crash point in integer hundredths. */
export const crashPointSchema = z.pipe(
  z.int().check(z.minimum(100)),
  z.transform((n: number) => n as CrashPoint),
)

/** Phases of a round as the server runs them. */
export const phaseSchema = z.enum(['betting', 'running', 'crashed'])
/** A round phase. */
export type Phase = z.infer<typeof phaseSchema>

/**
 * A bet in the public live table; `player` is the bettor's public name (never an e-mail or a
 * phone), or null for a player who hides their statistics (the table shows "Hidden").
 */
export const betRowSchema = z.object({
  betId: betIdSchema,
  player: z.nullable(z.string().check(z.maxLength(64))),
  amount: stakeSchema,
  currency: currencySchema,
  status: z.enum(['active', 'cashedOut', 'lost']),
  cashoutAt: z.nullable(multiplierSchema),
  win: z.nullable(fundsSchema),
})
/** A row of the live bets table. */
export type BetRow = z.infer<typeof betRowSchema>

/** One of the player's own bets, as the snapshot restores it. */
export const ownBetSchema = z.object({
  betId: betIdSchema,
  roundId: roundIdSchema,
  amount: stakeSchema,
  currency: currencySchema,
  autoCashoutAt: z.nullable(multiplierSchema),
  status: z.enum(['queued', 'active', 'cashedOut', 'lost']),
  cashoutAt: z.nullable(multiplierSchema),
  win: z.nullable(fundsSchema),
})
/** One of the player's own bets. */
export type OwnBet = z.infer<typeof ownBetSchema>

/** A finished round, with what is needed to verify it (`crashPoint(roundHash, salt)`). */
export const historyEntrySchema = z.object({
  roundId: roundIdSchema,
  crashPoint: crashPointSchema,
  roundHash: hashSchema,
  salt: z.string().check(z.minLength(1)),
})
/** A finished round. */
export type HistoryEntry = z.infer<typeof historyEntrySchema>

/** How many finished rounds the snapshot and the client keep. */
export const HISTORY_LENGTH = 20

/** Full state, sent on join and on every (re)connection that was not recovered, and on `sync`. */
export const snapshotEventSchema = z.object({
  type: z.literal('snapshot'),
  v,
  serverTime: serverTimeSchema,
  /**
   * The current round. Its hash is its outcome, so it and the crash point are revealed only once
   * it has crashed; until then the commitment is the chain itself: SHA-256 of this round's hash
   * is the previous round's hash (`history[0].roundHash`), which walks back to `terminatingHash`.
   */
  round: z
    .object({
      id: roundIdSchema,
      phase: phaseSchema,
      bettingEndsAt: z.nullable(serverTimeSchema),
      startedAt: z.nullable(serverTimeSchema),
      crashPoint: z.nullable(crashPointSchema),
      roundHash: z.nullable(hashSchema),
    })
    .check(
      z.refine(
        (round) =>
          (round.phase === 'crashed') === (round.crashPoint !== null && round.roundHash !== null) &&
          (round.phase !== 'betting' || round.bettingEndsAt !== null) &&
          (round.phase === 'betting' || round.startedAt !== null),
        'a round reveals its crash point and hash exactly when crashed, and has the times its phase needs',
      ),
    ),
  /** The chain's public salt and published terminating hash, for the in-app verifier. */
  fairness: z.object({ salt: z.string().check(z.minLength(1)), terminatingHash: hashSchema }),
  bets: z.array(betRowSchema),
  history: z.array(historyEntrySchema).check(z.maxLength(HISTORY_LENGTH)),
  /** Present for a logged-in player: balance and own bets of this round and the queued one. */
  me: z.nullable(
    z.object({ balance: fundsSchema, currency: currencySchema, bets: z.array(ownBetSchema) }),
  ),
})

/** A new round opens for bets until `bettingEndsAt` (server time). */
export const bettingEventSchema = z.object({
  type: z.literal('betting'),
  v,
  roundId: roundIdSchema,
  bettingEndsAt: serverTimeSchema,
})

/** The round started at `startedAt` (server time); the curve is multiplierAt(now - startedAt). */
export const startedEventSchema = z.object({
  type: z.literal('started'),
  v,
  roundId: roundIdSchema,
  startedAt: serverTimeSchema,
})

/**
 * New bets and cash-outs since the last batch, as whole rows to upsert by `betId`. The server
 * flushes the pending batch before `crashed`, so auto cash-outs of a round precede its crash.
 */
export const betsEventSchema = z.object({
  type: z.literal('bets'),
  v,
  roundId: roundIdSchema,
  bets: z.array(betRowSchema).check(z.minLength(1)),
})

/** The round crashed; hash and salt let anyone verify the crash point. */
export const crashedEventSchema = z.object({
  type: z.literal('crashed'),
  v,
  roundId: roundIdSchema,
  crashPoint: crashPointSchema,
  crashedAt: serverTimeSchema,
  roundHash: hashSchema,
  salt: z.string().check(z.minLength(1)),
})

/** Sent only to the bettor when one of their bets settles without an ack (auto cash-out, loss). */
export const settledEventSchema = z.object({
  type: z.literal('settled'),
  v,
  betId: betIdSchema,
  roundId: roundIdSchema,
  status: z.enum(['cashedOut', 'lost']),
  cashoutAt: z.nullable(multiplierSchema),
  win: fundsSchema,
  balance: fundsSchema,
})

/** Place a bet: in the current round while betting, else queued for the next one. */
export const betCommandSchema = z.object({
  type: z.literal('bet'),
  v,
  key: commandKeySchema,
  amount: stakeSchema,
  currency: currencySchema,
  autoCashoutAt: z.nullable(multiplierSchema),
})

/** Cash out a running bet at the server's current multiplier. */
export const cashOutCommandSchema = z.object({
  type: z.literal('cashOut'),
  v,
  key: commandKeySchema,
  betId: betIdSchema,
})

/** Withdraw a bet before its round starts (while betting, or while queued). */
export const cancelBetCommandSchema = z.object({
  type: z.literal('cancelBet'),
  v,
  key: commandKeySchema,
  betId: betIdSchema,
})

/** Ask for a fresh `snapshot` event, when one did not come after a (re)connection. */
export const syncCommandSchema = liveSyncCommandSchema(PROTOCOL_VERSION)

/**
 * Why a command was refused: `balance_not_enough`, `betting_closed` (the round started: cancel
 * too late), `limits` (amount or auto cash-out outside limits), `duplicate` (a bet already stands
 * for that round; a retry with the same key is not a duplicate, it gets the first ack), `too_late`
 * (cash-out after the crash), `not_found`, `unauthorized` (guest), `rate_limited`, `bad_request`,
 * `internal`.
 */
const ERROR_CODES = [...COMMON_ERROR_CODES, 'betting_closed', 'too_late'] as const
const errorAck = errorAckSchema(PROTOCOL_VERSION, ERROR_CODES)
/** A refusal's code (see {@link COMMON_ERROR_CODES}); `betting_closed` and `too_late` are crash's. */
export const commandErrorCodeSchema = errorAck.shape.code
/** A command error code. */
export type CommandErrorCode = z.infer<typeof commandErrorCodeSchema>

/** Answer to `bet`: where the bet stands and the balance after its hold. */
export const betAckSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ok'),
    v,
    betId: betIdSchema,
    /** The round the bet plays in: the current one if placed, the next one if queued. */
    roundId: roundIdSchema,
    status: z.enum(['placed', 'queued']),
    balance: fundsSchema,
  }),
  errorAck,
])

/** Answer to `cashOut`: the multiplier obtained, the payout and the balance after it. */
export const cashOutAckSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ok'),
    v,
    betId: betIdSchema,
    cashoutAt: multiplierSchema,
    win: fundsSchema,
    balance: fundsSchema,
  }),
  errorAck,
])

/** Answer to `cancelBet`: the balance after the refund. */
export const cancelBetAckSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ok'), v, betId: betIdSchema, balance: fundsSchema }),
  errorAck,
])

/** Answer to `sync`: the snapshot follows as an event. */
export const syncAckSchema = liveSyncAckSchema(PROTOCOL_VERSION, errorAck)

/** The crash wire: its one list of events and commands, and the parsers both ends use. */
export const crashWire = defineWire({
  game: 'crash',
  version: PROTOCOL_VERSION,
  events: {
    snapshot: snapshotEventSchema,
    betting: bettingEventSchema,
    started: startedEventSchema,
    bets: betsEventSchema,
    crashed: crashedEventSchema,
    settled: settledEventSchema,
  },
  commands: {
    bet: { request: betCommandSchema, ack: betAckSchema },
    cashOut: { request: cashOutCommandSchema, ack: cashOutAckSchema },
    cancelBet: { request: cancelBetCommandSchema, ack: cancelBetAckSchema },
    sync: { request: syncCommandSchema, ack: syncAckSchema },
  },
  snapshotEvent: 'snapshot',
  resync: liveResync(PROTOCOL_VERSION),
})

type Commands = typeof crashWire.commands

/** A server-to-client event, discriminated on `type` (= the socket.io event name). */
export type ServerEvent = EventOf<typeof crashWire.events>
/** A server event name. */
export type ServerEventName = ServerEvent['type']
/** A client-to-server command (parsed: branded fields). */
export type ClientCommand = AnyRequestOf<Commands>
/** A command name. */
export type CommandName = ClientCommand['type']
/** The parsed ack of each command. */
export type AckOf<C extends CommandName> = WireAckOf<Commands, C>
/** Answer to `bet`. */
export type BetAck = AckOf<'bet'>
/** Answer to `cashOut`. */
export type CashOutAck = AckOf<'cashOut'>
/** Answer to `cancelBet`. */
export type CancelBetAck = AckOf<'cancelBet'>
/** Answer to `sync`. */
export type SyncAck = AckOf<'sync'>

/** Parses a server event received under `name` (see `Wire.parseEvent`). */
export const parseServerEvent = crashWire.parseEvent
/** Parses a command's ack (see `Wire.parseAck`). */
export const parseAck = crashWire.parseAck
/** Parses a command on the server's side; null means refuse it with `bad_request`. */
export const parseCommand = crashWire.parseCommand

/** Where the crash service answers `GET <path>/<roundId>` with a finished round's proof. */
export const ROUND_PROOF_PATH = '/api/games/crash/rounds'

/**
 * A finished round's proof (`GET /api/games/crash/rounds/:id`), for any round the chain has
 * played, not only the last `HISTORY_LENGTH`: the history entry and the chain's published
 * terminating hash. A running or future round is never served (its hash is its outcome): the
 * answer is then 404 with {@link roundProofErrorSchema}.
 */
export const roundProofSchema = z.object({
  v,
  round: historyEntrySchema,
  endedAt: serverTimeSchema,
  terminatingHash: hashSchema,
})
/** A finished round's proof. */
export type RoundProof = z.infer<typeof roundProofSchema>

/** A refused proof: `not_found` for an unknown, running or future round (`crash:proof.notFound`). */
export const roundProofErrorSchema = proofNotFoundSchema
