/**
 * The client's round of any instant game (dice, roulette, later keno...): one bet is one trip, so
 * the round is `idle` → `betting` (the bet is out) → `revealing` (the answer is in; the scene
 * shows it) → `settled` (the result stands; the next bet may go). The server is authoritative:
 * the balance, the outcome and the nonce come from its ack; a refusal moved nothing and leaves
 * the round where it was, with the error to show. The bet goes out through the provided
 * `placeBet` actor (`commandActors(wire, transport, { placeBet: 'bet', requestSync: 'sync' })`);
 * no clock: the reveal is an `after` delay, skipped with instant play or by the player.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { Currency, Minor } from '../../engine/money'
import type { CommandKey } from '../protocol'
import type { ConnectionEvent } from '../wireLink'
import {
  INSTANT_PROTOCOL_VERSION,
  type InstantBetAck,
  type InstantBetCommand,
  type InstantErrorCode,
  type InstantMultiplier,
  type InstantSnapshot,
} from './protocol'
import { actorNotProvided } from '../actorNotProvided'

/** How long the scene shows a result before the round counts as settled (ms). */
export const REVEAL_MS = 600
/** How many past results the machine keeps for the strip of recent results. */
export const RECENT_LENGTH = 20

/** Why the last bet did not settle: the server's refusal, or no answer (`network`). */
export type InstantRoundError = InstantErrorCode | 'network' | 'offline'

/** A settled bet as the machine keeps it: what was bet and what the server answered. */
export interface InstantResult<P, O> {
  betId: string
  amount: Minor
  currency: Currency
  params: P
  outcome: O
  multiplier: InstantMultiplier
  payout: Minor
  nonce: number
  serverSeedHash: string
}

/** The active seed pair's public side, as the last snapshot or ack told it. */
export interface InstantSeeds {
  serverSeedHash: string
  clientSeed: string
  /** The nonce the next bet will use. */
  nonce: number
}

/** What the round machine knows. */
export interface InstantRoundContext<P, O> {
  currency: Currency | null
  balance: Minor | null
  connected: boolean
  /** Skip the reveal: the result is settled as soon as it comes. */
  instant: boolean
  /** The bet in flight, until its ack. */
  pending: InstantBetCommand<P> | null
  /** The last settled bet (shown by the scene and the panel). */
  last: InstantResult<P, O> | null
  /** Newest first, at most {@link RECENT_LENGTH}. */
  recent: InstantResult<P, O>[]
  seeds: InstantSeeds | null
  lastError: InstantRoundError | null
}

/** The machine's input: the signed-in player's currency and balance (null: a guest). */
export interface InstantRoundInput {
  currency: Currency | null
  balance: Minor | null
  instant?: boolean
}

/** The player's intents, the server's snapshot and the stream's connection reports. */
export type InstantRoundEvent<P> =
  | { type: 'BET'; key: CommandKey; amount: Minor; params: P }
  | { type: 'SKIP' }
  | { type: 'SET_INSTANT'; instant: boolean }
  | InstantSnapshot
  | ConnectionEvent

/** A bet intent: it goes out when the player is connected, else it is refused as `offline`. */
const betTransitions = [
  { guard: 'canBet', target: 'betting', actions: 'takeBet' },
  { actions: 'refuseOffline' },
] as const

const notProvided = actorNotProvided('kit/instant/round')

/** An instant game's round machine; `id` names it (`dice.round`). */
export function createInstantRoundMachine<P, O>(options: { id: string }) {
  const { id } = options
  return setup({
    types: {
      context: {} as InstantRoundContext<P, O>,
      events: {} as InstantRoundEvent<P>,
      input: {} as InstantRoundInput,
    },
    actors: {
      placeBet: fromPromise<InstantBetAck<O>, InstantBetCommand<P>>(notProvided('placeBet')),
    },
    delays: { reveal: REVEAL_MS },
    guards: {
      canBet: ({ context }) =>
        context.connected && context.currency !== null && context.balance !== null,
      instant: ({ context }) => context.instant,
      settledAck: (_, ack: InstantBetAck<O>) => ack.type === 'ok',
    },
    actions: {
      takeBet: assign(({ context, event }) => {
        assertEvent(event, 'BET')
        if (context.currency === null) throw new Error(`[${id}] a bet without a currency`)
        const pending: InstantBetCommand<P> = {
          type: 'bet',
          v: INSTANT_PROTOCOL_VERSION,
          key: event.key,
          amount: event.amount,
          currency: context.currency,
          params: event.params,
        }
        return { pending, lastError: null }
      }),
      refuseOffline: assign({ lastError: 'offline' as const }),
      settle: assign(({ context }, ack: InstantBetAck<O>) => {
        const bet = context.pending
        if (ack.type !== 'ok' || bet === null) return { pending: null }
        const result: InstantResult<P, O> = {
          betId: ack.betId,
          amount: bet.amount,
          currency: bet.currency,
          params: bet.params,
          outcome: ack.outcome,
          multiplier: ack.multiplier,
          payout: ack.payout,
          nonce: ack.nonce,
          serverSeedHash: ack.serverSeedHash,
        }
        return {
          pending: null,
          balance: ack.balance,
          last: result,
          recent: [result, ...context.recent].slice(0, RECENT_LENGTH),
          seeds: context.seeds
            ? { ...context.seeds, serverSeedHash: ack.serverSeedHash, nonce: ack.nonce + 1 }
            : null,
        }
      }),
      refuse: assign((_, ack: InstantBetAck<O>) => ({
        pending: null,
        lastError: ack.type === 'error' ? ack.code : ('internal' as const),
      })),
      fail: assign({ pending: null, lastError: 'network' as const }),
      takeSnapshot: assign(({ context, event }) => {
        assertEvent(event, 'snapshot')
        const me = event.me
        if (!me) return { seeds: null }
        // While a bet is out, its ack carries the newer balance.
        const balance = context.pending ? context.balance : me.balance
        return {
          balance,
          currency: me.currency,
          seeds: { serverSeedHash: me.serverSeedHash, clientSeed: me.clientSeed, nonce: me.nonce },
        }
      }),
      online: assign({ connected: true }),
      offline: assign({ connected: false }),
      setInstant: assign(({ event }) => {
        assertEvent(event, 'SET_INSTANT')
        return { instant: event.instant }
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      currency: input.currency,
      balance: input.balance,
      connected: false,
      instant: input.instant ?? false,
      pending: null,
      last: null,
      recent: [],
      seeds: null,
      lastError: null,
    }),
    initial: 'idle',
    on: {
      snapshot: { actions: 'takeSnapshot' },
      CONNECTED: { actions: 'online' },
      DISCONNECTED: { actions: 'offline' },
      SET_INSTANT: { actions: 'setInstant' },
    },
    states: {
      idle: {
        on: { BET: betTransitions },
      },
      betting: {
        invoke: {
          src: 'placeBet',
          input: ({ context }) => {
            if (!context.pending) throw new Error(`[${id}] betting without a bet`)
            return context.pending
          },
          onDone: [
            {
              guard: { type: 'settledAck', params: ({ event }) => event.output },
              target: 'revealing',
              actions: { type: 'settle', params: ({ event }) => event.output },
            },
            { target: 'idle', actions: { type: 'refuse', params: ({ event }) => event.output } },
          ],
          // No answer: the bet may or may not have settled; the next snapshot tells the balance.
          onError: { target: 'idle', actions: 'fail' },
        },
      },
      revealing: {
        always: { guard: 'instant', target: 'settled' },
        after: { reveal: 'settled' },
        // A new bet skips the rest of the reveal: fast repeat play.
        on: { SKIP: 'settled', BET: betTransitions },
      },
      settled: {
        on: { BET: betTransitions },
      },
    },
  })
}

/** Any instant game's round machine. */
export type InstantRoundMachine<P, O> = ReturnType<typeof createInstantRoundMachine<P, O>>
