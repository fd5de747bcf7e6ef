/**
 * The wire of every instant game (dice, roulette, later keno...): the player bets, the server
 * draws the outcome from the player's seed pair and settles it in the same trip, so one command
 * (`bet`) and its ack are the whole round. Pure (zod/mini and the kit's wire pieces), so the
 * server, the client and the verifier share it.
 *
 * - {@link instantWire} builds a game's wire from its params and outcome schemas: the `bet`
 *   command `{ type: 'bet', v, key, amount, currency, params }`, its ack
 *   `{ type: 'ok', v, betId, outcome, multiplier, payout, balance, nonce, serverSeedHash }` or the
 *   kit's error ack, the `snapshot` event and the `sync` command.
 * - {@link liveWire} is the live tables' wire (all bets, high rollers, my bets) of every instant
 *   game, served once on the `general` service's `/live` namespace.
 *
 * Multipliers are integer ten-thousandths ({@link MULTIPLIER_SCALE}: 19800 is 1.9800x), the
 * precision players know from dice (99 / 97 % = 1.0206x); payouts are floored to minor units.
 */
import { z } from 'zod/mini'
import { hashSchema } from '../../engine/fairness/schemas'
import { currencySchema, type Minor } from '../../engine/money'
import {
  COMMON_ERROR_CODES,
  betIdSchema,
  commandKeySchema,
  defineWire,
  errorAckSchema,
  fundsSchema,
  serverTimeSchema,
  stakeSchema,
} from '../protocol'

/** The protocol version every instant game speaks (one wire shape for all of them). */
export const INSTANT_PROTOCOL_VERSION = 1
const v = z.literal(INSTANT_PROTOCOL_VERSION)

/** Ten-thousandths in 1.0000x: a multiplier on the wire is an integer `x * MULTIPLIER_SCALE`. */
export const MULTIPLIER_SCALE = 10_000

/** A multiplier in integer ten-thousandths (0 for a lost bet). */
export type InstantMultiplier = number & { readonly __brand: 'InstantMultiplier' }

/** A multiplier on the wire: a non-negative integer of ten-thousandths. */
export const instantMultiplierSchema = z.pipe(
  z.int().check(z.nonnegative()),
  z.transform((n: number) => n as InstantMultiplier),
)

/**
 * The payout of `amount` at `multiplier`, floored to whole minor units (the house keeps the
 * fraction, as every published instant game does). Integer arithmetic: the product of a stake
 * (at most 10^8 minor units) and a multiplier (at most 10^8) stays within a double's exact range.
 */
export function payoutAt(amount: Minor, multiplier: InstantMultiplier): Minor {
  return Math.floor((amount * multiplier) / MULTIPLIER_SCALE) as Minor
}

/**
 * The multiplier a payout amounts to (payout / amount, floored to ten-thousandths): what the ack
 * and the live tables show for a bet whose payout is a sum (a roulette spin of many bets).
 */
export function multiplierOf(amount: Minor, payout: Minor): InstantMultiplier {
  return Math.floor((payout * MULTIPLIER_SCALE) / amount) as InstantMultiplier
}

/** The active seed pair's public side: what a bet is drawn from, before rotation reveals it. */
export const nonceSchema = z.int().check(z.nonnegative())

/**
 * Refusals of an instant bet: the kit's own (`limits` for an amount outside the game's range,
 * `balance_not_enough`, `bad_request` for params the rules refuse...) and `max_payout` (the bet
 * could pay more than the maximum payout per bet). A refused bet moved nothing and used no nonce.
 */
export const INSTANT_ERROR_CODES = [...COMMON_ERROR_CODES, 'max_payout'] as const
/** The error ack of every instant game. */
export const instantErrorAckSchema = errorAckSchema(INSTANT_PROTOCOL_VERSION, INSTANT_ERROR_CODES)
/** Why an instant bet was refused. */
export type InstantErrorCode = z.infer<typeof instantErrorAckSchema>['code']
/** The error ack of an instant bet. */
export type InstantErrorAck = z.infer<typeof instantErrorAckSchema>

/** Ask for a fresh `snapshot` event (after a reconnection that was not recovered). */
export const instantSyncCommandSchema = z.object({ type: z.literal('sync'), v })
/** Answer to `sync`: the snapshot follows as an event. */
export const instantSyncAckSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ok'), v }),
  instantErrorAckSchema,
])

/**
 * A player's side of a snapshot: the balance and the active seed pair's public side (the hash,
 * the client seed, the next nonce). The stateful games' snapshot adds the open round.
 */
export const playerSeedsSchema = z.object({
  balance: fundsSchema,
  currency: currencySchema,
  serverSeedHash: hashSchema,
  clientSeed: z.string(),
  nonce: nonceSchema,
})

/**
 * The game's state for one socket, on join and on `sync`: the server clock and, for a player,
 * {@link playerSeedsSchema}.
 */
export const instantSnapshotSchema = z.object({
  type: z.literal('snapshot'),
  v,
  serverTime: serverTimeSchema,
  me: z.nullable(playerSeedsSchema),
})
/** An instant game's snapshot. */
export type InstantSnapshot = z.infer<typeof instantSnapshotSchema>

/**
 * The wire of one instant game. `params` is what the player chooses (dice: target and side;
 * roulette: the chips), `outcome` what the server drew (dice: the roll; roulette: the pocket).
 */
export function instantWire<
  const G extends string,
  P extends z.ZodMiniType,
  O extends z.ZodMiniType,
>(game: G, params: P, outcome: O) {
  const bet = z.object({
    type: z.literal('bet'),
    v,
    key: commandKeySchema,
    amount: stakeSchema,
    currency: currencySchema,
    params,
  })
  const settled = z.object({
    type: z.literal('ok'),
    v,
    betId: betIdSchema,
    outcome,
    /** payout / amount in ten-thousandths; 0 for a loss. */
    multiplier: instantMultiplierSchema,
    payout: fundsSchema,
    /** The balance after the stake and the payout. */
    balance: fundsSchema,
    /** The nonce this bet used under the seed pair whose hash follows. */
    nonce: nonceSchema,
    serverSeedHash: hashSchema,
  })
  const betAck = z.discriminatedUnion('type', [settled, instantErrorAckSchema])
  const wire = defineWire({
    game,
    version: INSTANT_PROTOCOL_VERSION,
    events: { snapshot: instantSnapshotSchema },
    commands: {
      bet: { request: bet, ack: betAck },
      sync: { request: instantSyncCommandSchema, ack: instantSyncAckSchema },
    },
    snapshotEvent: 'snapshot',
    resync: { command: 'sync', request: { type: 'sync', v: INSTANT_PROTOCOL_VERSION } },
  })
  return { ...wire, schemas: { params, outcome, bet, settled, betAck } }
}

/** An instant game's wire, as {@link instantWire} builds it. */
export type InstantWire<P extends z.ZodMiniType, O extends z.ZodMiniType> = ReturnType<
  typeof instantWire<string, P, O>
>

/** The parsed `bet` command of an instant game with these params. */
export type InstantBetCommand<Params> = {
  type: 'bet'
  v: typeof INSTANT_PROTOCOL_VERSION
  key: z.output<typeof commandKeySchema>
  amount: Minor
  currency: z.output<typeof currencySchema>
  params: Params
}

/** The settled ack of an instant bet with this outcome. */
export type InstantSettledAck<Outcome> = {
  type: 'ok'
  v: typeof INSTANT_PROTOCOL_VERSION
  betId: z.output<typeof betIdSchema>
  outcome: Outcome
  multiplier: InstantMultiplier
  payout: Minor
  balance: Minor
  nonce: number
  serverSeedHash: string
}

/** The answer to an instant bet: settled, or refused whole. */
export type InstantBetAck<Outcome> = InstantSettledAck<Outcome> | InstantErrorAck

// ---------------------------------------------------------------------------------------------
// Live tables

/** How many rows each live table keeps (the snapshot sends at most this many per table). */
export const LIVE_TABLE_LENGTH = 30

/**
 * A settled bet as the live tables show it: the player's public name (never an e-mail or a
 * phone; null for a player who hides their statistics), the game, the stake, the multiplier
 * obtained, the payout and when it settled.
 */
export const liveRowSchema = z.object({
  betId: betIdSchema,
  game: z.string().check(z.minLength(1), z.maxLength(32)),
  player: z.nullable(z.string().check(z.maxLength(64))),
  amount: stakeSchema,
  currency: currencySchema,
  multiplier: instantMultiplierSchema,
  payout: fundsSchema,
  time: serverTimeSchema,
  /** True when the bet passed the high-roller threshold of its currency (docs/games.md). */
  highRoller: z.boolean(),
})
/** A row of the live tables. */
export type LiveRow = z.infer<typeof liveRowSchema>

/** The live tables on join and on `sync`, newest first; `mine` is null for a guest. */
export const liveSnapshotSchema = z.object({
  type: z.literal('snapshot'),
  v,
  serverTime: serverTimeSchema,
  all: z.array(liveRowSchema).check(z.maxLength(LIVE_TABLE_LENGTH)),
  highRollers: z.array(liveRowSchema).check(z.maxLength(LIVE_TABLE_LENGTH)),
  mine: z.nullable(z.array(liveRowSchema).check(z.maxLength(LIVE_TABLE_LENGTH))),
})

/** New settled bets of every player, batched, oldest first; high rollers carry the flag. */
export const liveBetsEventSchema = z.object({
  type: z.literal('bets'),
  v,
  rows: z.array(liveRowSchema).check(z.minLength(1)),
})

/** New settled bets of the receiving player only (the "my bets" table), oldest first. */
export const liveMyBetsEventSchema = z.object({
  type: z.literal('myBets'),
  v,
  rows: z.array(liveRowSchema).check(z.minLength(1)),
})

/** The live tables' wire: events only, and `sync` for a fresh snapshot. */
export const liveWire = defineWire({
  game: 'live',
  version: INSTANT_PROTOCOL_VERSION,
  events: {
    snapshot: liveSnapshotSchema,
    bets: liveBetsEventSchema,
    myBets: liveMyBetsEventSchema,
  },
  commands: { sync: { request: instantSyncCommandSchema, ack: instantSyncAckSchema } },
  snapshotEvent: 'snapshot',
  resync: { command: 'sync', request: { type: 'sync', v: INSTANT_PROTOCOL_VERSION } },
})

/** The namespace of the live tables, on the `general` service. */
export const LIVE_NAMESPACE = '/live'

/**
 * The wire of an instant game: the kit's `instantWire` over its id and its logic's params and
 * outcome. It lives here, not beside the definition, so the registry (which the lobby's first
 * load reads) carries no wire code.
 */
export function instantWireOf<
  Id extends string,
  PS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
>(game: { readonly id: Id }, logic: { readonly params: PS; readonly outcome: OS }) {
  return instantWire(game.id, logic.params, logic.outcome)
}
