/**
 * The wire of every stateful game (miner, hilo, coinflip): the player opens a round with a stake,
 * plays it step by step and may cash out; the round lives on the server between commands. Pure
 * (zod/mini and the kit's wire pieces), so the server, the client and the verifier share it.
 *
 * - `open` `{ type, v, key, amount, currency, params }` holds the stake and opens the round;
 * - `step` `{ type, v, key, roundId, step, action }` plays the step numbered `step + 1` of a round
 *   the client saw at `step`; another number is refused `stale_step` with the round as it stands;
 * - `cashout` `{ type, v, key, roundId, step }` ends the round at its multiplier; one that meets a
 *   round the server already ended gets that settled round, not an error.
 *
 * Every ack carries the round's {@link statefulRoundSchema} view: while it is open only the rules'
 * public `view` and the steps so far, never the seed pair's server seed nor the rules' secrets;
 * `reveal` exists only once the round has ended. Multipliers are integer ten-thousandths
 * (MULTIPLIER_SCALE of the instant kit).
 */
import { z } from 'zod/mini'
import { hashSchema } from '../../engine/fairness/schemas'
import { currencySchema } from '../../engine/money'
import { instantMultiplierSchema, nonceSchema, playerSeedsSchema } from '../instant/protocol'
import {
  COMMON_ERROR_CODES,
  commandKeySchema,
  defineWire,
  errorAckSchema,
  fundsSchema,
  roundIdSchema,
  serverTimeSchema,
  stakeSchema,
} from '../protocol'

/** The protocol version every stateful game speaks. */
export const STATEFUL_PROTOCOL_VERSION = 1
const v = z.literal(STATEFUL_PROTOCOL_VERSION)

/**
 * Refusals of a stateful command: the kit's own, `max_payout` is not one (the cap binds by
 * cashing out), `game_in_progress` (an open while the player's round of the game is open; the
 * ack carries that round, so another tab's page plays on with it), `stale_step` (a step or cash-out expecting another step number; the ack carries the
 * round) and `round_over` (a step on a round that has ended; the ack carries it).
 */
export const STATEFUL_ERROR_CODES = [
  ...COMMON_ERROR_CODES,
  'game_in_progress',
  'stale_step',
  'round_over',
] as const

/** The error ack of an `open` (no round to show). */
export const statefulErrorAckSchema = errorAckSchema(
  STATEFUL_PROTOCOL_VERSION,
  STATEFUL_ERROR_CODES,
)
/** Why a stateful command was refused. */
export type StatefulErrorCode = z.infer<typeof statefulErrorAckSchema>['code']

/** How a round ended: a losing step, a cash-out, the payout cap, nothing left, or 30 days. */
export const endReasonSchema = z.enum(['lost', 'cashout', 'cap', 'complete', 'expired'])
/** How a round ended. */
export type EndReason = z.infer<typeof endReasonSchema>

/** A round's status as the player sees it: `ending` (decided, being paid) shows as its end. */
export const roundStatusSchema = z.enum(['open', 'won', 'lost'])

/**
 * The schemas of one stateful game's wire, from the rules' own: what the player chooses at the
 * opening (`params`), a step's `action` and public `outcome`, the open round's public `view` and
 * the ended round's `reveal`.
 */
export function statefulWire<
  const G extends string,
  P extends z.ZodMiniType,
  A extends z.ZodMiniType,
  O extends z.ZodMiniType,
  W extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(game: G, params: P, action: A, outcome: O, view: W, reveal: R) {
  const stepRecord = z.object({
    step: z.int().check(z.positive()),
    /** The action, or `{ kind: 'cashout' }`. */
    action: z.union([action, z.object({ kind: z.literal('cashout') })]),
    outcome: z.nullable(outcome),
    multiplier: instantMultiplierSchema,
    time: serverTimeSchema,
  })
  const round = z.object({
    roundId: roundIdSchema,
    amount: stakeSchema,
    currency: currencySchema,
    params,
    status: roundStatusSchema,
    /** Steps applied so far: the number the next step expects. */
    step: z.int().check(z.nonnegative()),
    /** What a cash-out pays now, or the payout once ended (capped either way). */
    multiplier: instantMultiplierSchema,
    payout: fundsSchema,
    view,
    steps: z.array(stepRecord),
    endReason: z.nullable(endReasonSchema),
    /** Every secret of the round: null while it is open. */
    reveal: z.nullable(reveal),
    nonce: nonceSchema,
    serverSeedHash: hashSchema,
    clientSeed: z.string(),
    openedAt: serverTimeSchema,
  })
  const open = z.object({
    type: z.literal('open'),
    v,
    key: commandKeySchema,
    amount: stakeSchema,
    currency: currencySchema,
    params,
  })
  const step = z.object({
    type: z.literal('step'),
    v,
    key: commandKeySchema,
    roundId: roundIdSchema,
    step: z.int().check(z.nonnegative()),
    action,
  })
  const cashout = z.object({
    type: z.literal('cashout'),
    v,
    key: commandKeySchema,
    roundId: roundIdSchema,
    step: z.int().check(z.nonnegative()),
  })
  /** The round after the command; `balance` is the real balance after it (null mid-round). */
  const ok = z.object({ type: z.literal('ok'), v, round, balance: z.nullable(fundsSchema) })
  /** A refusal; `round` is the round as it stands when the refusal is about it. */
  const refused = z.object({
    type: z.literal('error'),
    v,
    code: z.enum(STATEFUL_ERROR_CODES),
    round: z.optional(round),
  })
  const ack = z.discriminatedUnion('type', [ok, refused])
  const sync = z.object({ type: z.literal('sync'), v })
  const syncAck = z.discriminatedUnion('type', [z.object({ type: z.literal('ok'), v }), refused])
  /**
   * The player's state on join and on `sync`: `round`, the round not yet paid (open, or ended
   * and being paid), from which an open round resumes; `lastEnded`, the player's most recently
   * paid round of the game (everything about it is public, as its proof), so a page that showed
   * it open sees how it ended elsewhere (another tab, the 30 days, while the socket was down).
   * Optional: an older server sends none.
   */
  const snapshot = z.object({
    type: z.literal('snapshot'),
    v,
    serverTime: serverTimeSchema,
    me: z.nullable(
      z.extend(playerSeedsSchema, {
        round: z.nullable(round),
        lastEnded: z.optional(z.nullable(round)),
      }),
    ),
  })
  const wire = defineWire({
    game,
    version: STATEFUL_PROTOCOL_VERSION,
    events: { snapshot },
    commands: {
      open: { request: open, ack },
      step: { request: step, ack },
      cashout: { request: cashout, ack },
      sync: { request: sync, ack: syncAck },
    },
    snapshotEvent: 'snapshot',
    resync: { command: 'sync', request: { type: 'sync', v: STATEFUL_PROTOCOL_VERSION } },
  })
  return {
    ...wire,
    schemas: { params, action, outcome, view, reveal, round, stepRecord, open, step, cashout, ack },
  }
}

/** A round as every ack shows it (the output type of a wire's `round` schema). */
export interface StatefulRound<Params, Action, Outcome, View, Reveal> {
  roundId: z.infer<typeof roundIdSchema>
  amount: z.infer<typeof stakeSchema>
  currency: z.infer<typeof currencySchema>
  params: Params
  status: z.infer<typeof roundStatusSchema>
  step: number
  multiplier: z.infer<typeof instantMultiplierSchema>
  payout: z.infer<typeof fundsSchema>
  view: View
  steps: {
    step: number
    action: Action | { kind: 'cashout' }
    outcome: Outcome | null
    multiplier: z.infer<typeof instantMultiplierSchema>
    time: number
  }[]
  endReason: EndReason | null
  reveal: Reveal | null
  nonce: number
  serverSeedHash: string
  clientSeed: string
  openedAt: number
}

/** The ack of `open`, `step` and `cashout`. */
export type StatefulAck<P, A, O, W, R> =
  | {
      type: 'ok'
      v: typeof STATEFUL_PROTOCOL_VERSION
      round: StatefulRound<P, A, O, W, R>
      balance: z.infer<typeof fundsSchema> | null
    }
  | {
      type: 'error'
      v: typeof STATEFUL_PROTOCOL_VERSION
      code: StatefulErrorCode
      round?: StatefulRound<P, A, O, W, R>
    }

/**
 * The wire of a stateful game, from its definition and logic (the server's and the client's). The
 * schemas are type parameters of their own, as `instantWireOf`'s are: read from a generic logic,
 * they would widen to `ZodMiniType` and every ack would parse to `unknown`. Here, not in
 * define.ts: the registry, which the shell's first load reads, imports the definitions and must
 * not carry the wire's schemas with them.
 */
export function statefulWireOf<
  const Id extends string,
  PS extends z.ZodMiniType,
  AS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  WS extends z.ZodMiniType,
  RS extends z.ZodMiniType,
>(
  game: { readonly id: Id },
  logic: {
    readonly params: PS
    readonly action: AS
    readonly outcome: OS
    readonly view: WS
    readonly reveal: RS
  },
) {
  return statefulWire(game.id, logic.params, logic.action, logic.outcome, logic.view, logic.reveal)
}
