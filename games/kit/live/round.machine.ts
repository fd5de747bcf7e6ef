/**
 * The round region of any live game (crash; next, the rooms): a loop of rounds the server runs
 * and every player watches. What no live game differs in is the kit's: the region waits for the
 * server's snapshot and asks for one when it is late, follows the round's phases as the stream
 * announces them, goes `offline` when the socket drops, and comes back either to the phase it
 * knew (socket.io recovered what was missed) or through `resyncing` (a gap recovery could not
 * fill: only a new snapshot tells where the round stands). It keeps the server-anchored clock's
 * offset (clock.ts) from the stream's reports.
 *
 *     connecting ──snapshot──▶ <the snapshot's phase> ──the game's stream events──▶ <phase> …
 *     any ──DISCONNECTED──▶ offline ──CONNECTED, recovered──▶ <the phase it knew>
 *                                   ──CONNECTED, not recovered──▶ resyncing ──snapshot──▶ <phase>
 *     connecting, resyncing: waiting ──SNAPSHOT_TIMEOUT_MS──▶ requesting (sync) ──▶ waiting …
 *
 * What the phases are, what the stream's events carry and what a player does in a round (crash's
 * bets and cash-outs, the rooms' tickets) is the game's: it names its phases, gives the stream
 * events that move between them, and writes its own regions beside this one. XState v5 composes
 * a machine from one `setup`, so the game spreads `liveRoundImplementations()` into its own and
 * adds the two names the region leaves to it: the `requestSync` actor (its wire's resync
 * command) and the `applySnapshot` action (what a snapshot sets in its context). The player's
 * commands get the kit's pieces too (`liveCommandImplementations`, `withAck`,
 * `confirmBySnapshot`), which know nothing of what a command buys.
 */
import { assign, type EventObject, type GuardArgs } from 'xstate'
import { liveSyncRequest } from './protocol'
import {
  isConnectionEvent,
  isSnapshot,
  type LiveCommandCheck,
  type LiveCommandContext,
  type LiveEventsCheck,
  type LiveRoundContext,
} from './round.model'

export type {
  LiveCommandCheck,
  LiveCommandContext,
  LiveEventsCheck,
  LiveRoundContext,
  LiveRoundEvent,
} from './round.model'

/** How long to wait for a snapshot after (re)connecting before asking for one with `sync`. */
export const SNAPSHOT_TIMEOUT_MS = 5000

/**
 * The guards, action and delay `liveRoundRegion` names, for a game's context `C` and events `E`
 * (checked: `E` takes the connection reports and a snapshot that names its round and phase).
 * Spread each into the game's `setup`; `isCurrentRound` is the game's to use too, for the stream
 * events of the round under way.
 */
export function liveRoundImplementations<C extends LiveRoundContext, E extends EventObject>(
  ...check: LiveEventsCheck<E>
) {
  void check
  return {
    delays: { snapshotTimeout: SNAPSHOT_TIMEOUT_MS },
    guards: {
      snapshotPhase: ({ event }: GuardArgs<C, E>, params: { phase: string }) =>
        isSnapshot(event) && event.round.phase === params.phase,
      recoveredIn: ({ context, event }: GuardArgs<C, E>, params: { phase: string }) =>
        isConnectionEvent(event) &&
        event.type === 'CONNECTED' &&
        event.recovered &&
        context.round?.phase === params.phase,
      // Events of another round are late ones of a round already over (or of one the snapshot
      // has not reached yet): the round shown does not move for them.
      isCurrentRound: ({ context, event }: GuardArgs<C, E>) =>
        'roundId' in event && context.round !== null && event.roundId === context.round.id,
    },
    actions: {
      setClockOffset: assign<C, E, undefined, E, never>(({ event }) => {
        if (!isConnectionEvent(event) || event.type === 'DISCONNECTED') {
          throw new Error(`[kit/live/round] no clock offset in "${event.type}"`)
        }
        // `C` only widens the kit's context, so its one field is a valid partial of it.
        return { clockOffset: event.clockOffset } as Partial<C>
      }),
    },
  }
}

/** The region's own states, which no phase may be named. */
interface ReservedStates {
  connecting?: never
  offline?: never
  resyncing?: never
}

/** The events the region handles itself on every state, which the game's `on` may not take. */
interface ReservedEvents {
  snapshot?: never
  DISCONNECTED?: never
  CLOCK?: never
}

/**
 * The round region of a live game's chart: `states: { round: liveRoundRegion({ ... }) }`.
 * `phases` are its states in the round's order, each `{}` or the phase's own config (nested
 * states, `after`); the names are the values of `context.round.phase` and of the snapshot's round
 * phase. `on` holds the game's stream events that move the round (a round opens: target its
 * first phase; a phase begins, guarded by `isCurrentRound`) or update it in place (batches).
 * The region keeps `snapshot`, `DISCONNECTED` and `CLOCK` for itself (a type error otherwise),
 * and the states `connecting`, `offline` and `resyncing`.
 */
export function liveRoundRegion<
  const P extends Readonly<Record<string, object>> & ReservedStates,
  const On extends object & ReservedEvents,
  const V extends number,
>(options: {
  /** The wire's protocol version: the `requestSync` actor sends `{ type: 'sync', v: version }`. */
  version: V
  phases: P
  on: On
}) {
  type Phase = keyof P & string
  const phases = Object.keys(options.phases) as Phase[]
  // Connecting and resyncing both wait for a snapshot; when none comes in time (the server
  // normally sends one at once) they ask with `sync`, and keep asking.
  const awaitingSnapshot = {
    initial: 'waiting',
    states: {
      waiting: { after: { snapshotTimeout: 'requesting' } },
      requesting: {
        invoke: {
          src: 'requestSync',
          input: liveSyncRequest(options.version),
          onDone: 'waiting',
          onError: 'waiting',
        },
      },
    },
  } as const
  return {
    initial: 'connecting',
    on: {
      snapshot: phases.map(
        (phase) =>
          ({
            guard: { type: 'snapshotPhase', params: { phase } },
            target: `.${phase}`,
            actions: 'applySnapshot',
          }) as const,
      ),
      ...options.on,
      DISCONNECTED: '.offline',
      CLOCK: { actions: 'setClockOffset' },
    },
    states: {
      connecting: { ...awaitingSnapshot, on: { CONNECTED: { actions: 'setClockOffset' } } },
      ...options.phases,
      // The game's other regions are untouched while offline: a bet accepted stands on the server.
      offline: {
        on: {
          CONNECTED: [
            ...phases.map(
              (phase) =>
                ({
                  guard: { type: 'recoveredIn', params: { phase } },
                  target: phase,
                  actions: 'setClockOffset',
                }) as const,
            ),
            { target: 'resyncing', actions: 'setClockOffset' },
          ],
        },
      },
      resyncing: awaitingSnapshot,
    },
  } as const
}

/**
 * A state for a command whose answer was lost (a slow server, not only a lost one), so the
 * server may have taken it: it asks for a snapshot, which tells (the game's own `snapshot`
 * transitions adopt what the server has, or drop what it never took). A refused request, or no
 * snapshot within `SNAPSHOT_TIMEOUT_MS`, takes `giveUp`.
 */
export function confirmBySnapshot<const V extends number, const T extends object>(
  version: V,
  giveUp: T,
) {
  return {
    invoke: { src: 'requestSync', input: liveSyncRequest(version), onError: giveUp },
    after: { snapshotTimeout: giveUp },
  } as const
}

/**
 * The guard and actions of a live game's commands (a bet, a cash-out, tickets), for its context
 * `C`: `ackIsError` tells a refusal from an ok ack, `commandRefused` keeps the refusal's code,
 * `commandFailed` says `network` for an answer that never came, `clearError` forgets the last
 * error when the player tries again. Name the first two with the ack: `withAck('ackIsError')`.
 */
export function liveCommandImplementations<C extends LiveCommandContext, E extends EventObject>(
  ...check: LiveCommandCheck<C>
) {
  void check
  /** A refusal whose code the game's `lastError` takes, or any ok ack. */
  type Ack = { type: 'ok' } | { type: 'error'; code: NonNullable<C['lastError']> }
  // `lastError` is the kit's one field of `C`, and the check above made `network` one of its values.
  const lastError = (value: C['lastError']) => ({ lastError: value }) as Partial<C>
  return {
    guards: {
      ackIsError: (_: GuardArgs<C, E>, params: { ack: { type: 'ok' | 'error' } }) =>
        params.ack.type === 'error',
    },
    actions: {
      commandRefused: assign<C, E, { ack: Ack }, E, never>((_, { ack }) =>
        ack.type === 'error' ? lastError(ack.code) : {},
      ),
      commandFailed: assign<C, E, undefined, E, never>(() => lastError('network')),
      clearError: assign<C, E, undefined, E, never>(() => lastError(null)),
    },
  }
}

/**
 * An implementation named with the invoked command's answer (`event.output`) as its `ack`
 * param, for the `onDone` of a command: `{ guard: withAck('ackIsError'), ... }`.
 */
export const withAck = <const T extends string>(type: T) => ({
  type,
  params: <A>({ event }: { event: { output: A } }) => ({ ack: event.output }),
})
