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
import { hashSchema, type CrashPoint } from '../engine/fairness'
import { currencySchema, minorSchema } from '../engine/money'
import type { Multiplier } from './rules'

/** The protocol version this build speaks; both ends reject other versions. */
export const PROTOCOL_VERSION = 1
const v = z.literal(PROTOCOL_VERSION)

/** A round's id (its game number in the hash chain, as text). */
export const roundIdSchema = z.string().check(z.minLength(1), z.maxLength(64)).brand<'RoundId'>()
/** A round's id. */
export type RoundId = z.infer<typeof roundIdSchema>

/** A bet's id, given by the server. */
export const betIdSchema = z.string().check(z.minLength(1), z.maxLength(64)).brand<'BetId'>()
/** A bet's id. */
export type BetId = z.infer<typeof betIdSchema>

/** An idempotency key chosen by the client for one command (a UUID in practice). */
export const commandKeySchema = z
  .string()
  .check(z.minLength(8), z.maxLength(64))
  .brand<'CommandKey'>()
/** An idempotency key. */
export type CommandKey = z.infer<typeof commandKeySchema>

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

/** A bet amount: positive minor units. */
const amountSchema = z.pipe(z.int().check(z.positive()), minorSchema)
/** A balance or a payout: minor units, never negative. */
const fundsSchema = z.pipe(z.int().check(z.nonnegative()), minorSchema)

/** A server clock reading, epoch milliseconds. */
const serverTimeSchema = z.int().check(z.nonnegative())

/** Phases of a round as the server runs them. */
export const phaseSchema = z.enum(['betting', 'running', 'crashed'])
/** A round phase. */
export type Phase = z.infer<typeof phaseSchema>

/** A bet in the public live table; `player` is a display name (masked by the server as needed). */
export const betRowSchema = z.object({
  betId: betIdSchema,
  player: z.string().check(z.maxLength(64)),
  amount: amountSchema,
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
  amount: amountSchema,
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

/** Each server event's schema by its socket.io name, as the stream client's protocol map. */
export const serverEventSchemas = {
  snapshot: snapshotEventSchema,
  betting: bettingEventSchema,
  started: startedEventSchema,
  bets: betsEventSchema,
  crashed: crashedEventSchema,
  settled: settledEventSchema,
} as const

/** Every server-to-client event, discriminated on `type` (= the socket.io event name). */
export const serverEventSchema = z.discriminatedUnion('type', [
  snapshotEventSchema,
  bettingEventSchema,
  startedEventSchema,
  betsEventSchema,
  crashedEventSchema,
  settledEventSchema,
])
/** A server-to-client event. */
export type ServerEvent = z.infer<typeof serverEventSchema>
/** The socket.io event names the server emits. */
export const SERVER_EVENT_NAMES = [
  'snapshot',
  'betting',
  'started',
  'bets',
  'crashed',
  'settled',
] as const
/** A server event name. */
export type ServerEventName = ServerEvent['type']

/** Place a bet: in the current round while betting, else queued for the next one. */
export const betCommandSchema = z.object({
  type: z.literal('bet'),
  v,
  key: commandKeySchema,
  amount: amountSchema,
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
export const syncCommandSchema = z.object({ type: z.literal('sync'), v })

/** Every client-to-server command, discriminated on `type` (= the socket.io event name). */
export const clientCommandSchema = z.discriminatedUnion('type', [
  betCommandSchema,
  cashOutCommandSchema,
  cancelBetCommandSchema,
  syncCommandSchema,
])
/** A client-to-server command (parsed: branded fields). */
export type ClientCommand = z.infer<typeof clientCommandSchema>
/** A command name. */
export type CommandName = ClientCommand['type']

/**
 * Why a command was refused: `balance_not_enough`, `betting_closed` (the round started: cancel
 * too late), `limits` (amount or auto cash-out outside limits), `duplicate` (a bet already stands
 * for that round; a retry with the same key is not a duplicate, it gets the first ack), `too_late`
 * (cash-out after the crash), `not_found`, `unauthorized` (guest), `rate_limited`, `bad_request`,
 * `internal`.
 */
export const commandErrorCodeSchema = z.enum([
  'balance_not_enough',
  'betting_closed',
  'limits',
  'duplicate',
  'too_late',
  'not_found',
  'unauthorized',
  'rate_limited',
  'bad_request',
  'internal',
])
/** A command error code; translated as `crash.error.{code}`. */
export type CommandErrorCode = z.infer<typeof commandErrorCodeSchema>

const errorAck = z.object({ type: z.literal('error'), v, code: commandErrorCodeSchema })

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
export const syncAckSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ok'), v }),
  errorAck,
])

/** Ack schema of each command. */
export const ackSchemas = {
  bet: betAckSchema,
  cashOut: cashOutAckSchema,
  cancelBet: cancelBetAckSchema,
  sync: syncAckSchema,
} as const satisfies Record<CommandName, z.ZodMiniType>

/**
 * Request and ack schemas of each command by name, in the shape the stream client's
 * `defineGameProtocol` takes (with `snapshotEvent: 'snapshot'` and `sync` as its resync command).
 */
export const commandSchemas = {
  bet: { request: betCommandSchema, ack: betAckSchema },
  cashOut: { request: cashOutCommandSchema, ack: cashOutAckSchema },
  cancelBet: { request: cancelBetCommandSchema, ack: cancelBetAckSchema },
  sync: { request: syncCommandSchema, ack: syncAckSchema },
} as const satisfies Record<CommandName, { request: z.ZodMiniType; ack: z.ZodMiniType }>

/** The parsed ack of each command. */
export type AckOf<C extends CommandName> = z.infer<(typeof ackSchemas)[C]>
/** Answer to `bet`. */
export type BetAck = AckOf<'bet'>
/** Answer to `cashOut`. */
export type CashOutAck = AckOf<'cashOut'>
/** Answer to `cancelBet`. */
export type CancelBetAck = AckOf<'cancelBet'>
/** Answer to `sync`. */
export type SyncAck = AckOf<'sync'>

/**
 * Parses a server event received under socket.io event `name`. Throws on an unknown name, a name
 * that disagrees with the payload's `type`, another protocol version or a malformed payload: each
 * means the two ends are incompatible, which is a bug, not a player-facing state.
 */
export function parseServerEvent(name: string, payload: unknown): ServerEvent {
  if (!(SERVER_EVENT_NAMES as readonly string[]).includes(name)) {
    throw new Error(`[crash/protocol] unknown event "${name}"`)
  }
  const result = serverEventSchema.safeParse(payload)
  if (!result.success) {
    throw new Error(`[crash/protocol] malformed "${name}": ${result.error.message}`)
  }
  if (result.data.type !== name) {
    throw new Error(`[crash/protocol] event "${name}" carries type "${result.data.type}"`)
  }
  return result.data
}

/** Parses a command's ack; throws like `parseServerEvent` when the server answers out of protocol. */
export function parseAck<C extends CommandName>(command: C, payload: unknown): AckOf<C> {
  const result = ackSchemas[command].safeParse(payload)
  if (!result.success) {
    throw new Error(`[crash/protocol] malformed ack to "${command}": ${result.error.message}`)
  }
  return result.data as AckOf<C>
}

/** Parses a command on the server's side; null means refuse it with `bad_request`. */
export function parseCommand(name: string, payload: unknown): ClientCommand | null {
  const result = clientCommandSchema.safeParse(payload)
  return result.success && result.data.type === name ? result.data : null
}

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
export const roundProofErrorSchema = z.object({
  data: z.object({ message: z.literal('not_found'), params: z.record(z.string(), z.unknown()) }),
})
