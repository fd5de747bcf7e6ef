/**
 * The client's round of any stateful game (miner, hilo, coinflip): the player opens a round with
 * a stake, plays it step by step and may cash out, and the round lives on the server between
 * commands. `idle` (the form) → `opening` → `open` ⇄ `stepping`, `open` → `cashingOut`, and
 * `settled` once the round ended (lost, cashed out, the cap, complete, expired); `NEW` goes back
 * to the form.
 *
 * The server is authoritative: every round shown came from it (an ack, a refusal that carries the
 * round, a snapshot), so a `stale_step` or `round_over` refusal shows the round as the server has
 * it, and a cash-out that met a round the server ended shows that settled round. A snapshot (on
 * load and after every reconnection that was not recovered) resumes an open round, or applies the
 * answer of the command in flight when it shows that command's round already moved on; when the
 * open round shown has ended unseen (another tab, the 30 days, while the socket was down), its
 * `lastEnded` shows how, and without it (an older server) the form comes back.
 *
 * A command whose answer was lost (the stream's deadline passed, the socket went away) is kept in
 * `pending` and resent with the SAME key when the connection is back (or after {@link RESEND_MS}
 * if it never went away): the server answers a repeated key with its recorded answer, so nothing
 * is applied twice. The commands go out through the provided `open`, `step` and `cashout` actors
 * (`statefulCommandActors(wire, transport)`, link.ts); no clock but the `after` delay of a resend.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { STATEFUL_PROTOCOL_VERSION, type StatefulAck, type StatefulRound } from './protocol'
import {
  answersPending,
  isKnownEnded,
  isOpen,
  roundOfAck,
  showRound,
  type StatefulCashoutCommand,
  type StatefulCommand,
  type StatefulOpenCommand,
  type StatefulRoundContext,
  type StatefulRoundEvent,
  type StatefulRoundInput,
  type StatefulStepCommand,
} from './round.model'

export {
  RECENT_LENGTH,
  type StatefulCashoutCommand,
  type StatefulCommand,
  type StatefulOpenCommand,
  type StatefulRoundContext,
  type StatefulRoundError,
  type StatefulRoundEvent,
  type StatefulRoundInput,
  type StatefulSeeds,
  type StatefulSnapshot,
  type StatefulStepCommand,
} from './round.model'
import { actorNotProvided } from '../actorNotProvided'

/**
 * How long a command whose answer was lost waits before it is resent while the socket stayed up
 * (a timeout without a disconnection); after a disconnection it goes again on reconnection.
 */
export const RESEND_MS = 1000

const notProvided = actorNotProvided('kit/stateful/round')

/** A stateful game's round machine; `id` names it (`minerRound`: no dot, see the `#id` targets). */
export function createStatefulRoundMachine<P, A, O, W, R>(options: { id: string }) {
  const { id } = options
  type Ack = StatefulAck<P, A, O, W, R>
  type Round = StatefulRound<P, A, O, W, R>
  type Context = StatefulRoundContext<P, A, O, W, R>
  /** The snapshot's round, when the event is a snapshot of a signed-in player. */
  const snapshotRound = (event: StatefulRoundEvent<P, A, O, W, R>): Round | null =>
    event.type === 'snapshot' ? (event.me?.round ?? null) : null
  /**
   * The snapshot's last ended round when it is the open round shown, which ended where this page
   * did not see it; null otherwise (so a first load never shows an old round).
   */
  const endedElsewhere = (context: Context, event: StatefulRoundEvent<P, A, O, W, R>) => {
    if (event.type !== 'snapshot' || !event.me || event.me.round !== null) return null
    const ended = event.me.lastEnded ?? null
    if (ended === null || isOpen(ended) || !isOpen(context.round)) return null
    return ended.roundId === context.round?.roundId ? ended : null
  }

  /** Where an answer leads: the round it shows (open or ended), else back to `fallback`. */
  const answered = (fallback: 'idle' | 'open') =>
    [
      {
        guard: {
          type: 'ackShowsOpen',
          params: ({ event }: { event: { output: Ack } }) => event.output,
        },
        target: '#statefulOpen',
        actions: {
          type: 'takeAck',
          params: ({ event }: { event: { output: Ack } }) => event.output,
        },
      },
      {
        guard: {
          type: 'ackShowsEnded',
          params: ({ event }: { event: { output: Ack } }) => event.output,
        },
        target: '#statefulSettled',
        actions: {
          type: 'takeAck',
          params: ({ event }: { event: { output: Ack } }) => event.output,
        },
      },
      {
        target: fallback === 'idle' ? '#statefulIdle' : '#statefulOpen',
        actions: {
          type: 'takeAck',
          params: ({ event }: { event: { output: Ack } }) => event.output,
        },
      },
    ] as const

  /** A lost answer: resent on reconnection, or after a pause if the socket never went away. */
  const lost = {
    on: { CONNECTED: { target: 'sending', actions: 'online' } },
    after: { resend: { guard: 'connected', target: 'sending' } },
  } as const

  /** The command in flight, as the actor `type` sends it. */
  const pendingOf = <T extends StatefulCommand<P, A>['type']>(context: Context, type: T) => {
    const pending = context.pending
    if (pending?.type !== type) throw new Error(`[${id}] sending ${type} without it pending`)
    return pending as Extract<StatefulCommand<P, A>, { type: T }>
  }

  /** A command's state: `sending` it through its actor, or `lost` until it goes again. */
  const command = <T extends StatefulCommand<P, A>['type']>(src: T, fallback: 'idle' | 'open') =>
    ({
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src,
            input: ({ context }: { context: Context }) => pendingOf(context, src),
            onDone: answered(fallback),
            onError: { target: 'lost', actions: 'loseAnswer' },
          },
        },
        lost,
      },
    }) as const

  return setup({
    types: {
      context: {} as Context,
      events: {} as StatefulRoundEvent<P, A, O, W, R>,
      input: {} as StatefulRoundInput,
    },
    actors: {
      open: fromPromise<Ack, StatefulOpenCommand<P>>(notProvided('open')),
      step: fromPromise<Ack, StatefulStepCommand<A>>(notProvided('step')),
      cashout: fromPromise<Ack, StatefulCashoutCommand>(notProvided('cashout')),
    },
    delays: { resend: RESEND_MS },
    guards: {
      connected: ({ context }) => context.connected,
      guest: ({ context }) => context.currency === null || context.balance === null,
      canCashOut: ({ context }) => context.connected && (context.round?.multiplier ?? 0) > 0,
      ackShowsOpen: (_, ack: Ack) => isOpen(roundOfAck(ack)),
      ackShowsEnded: (_, ack: Ack) => roundOfAck(ack) !== null && !isOpen(roundOfAck(ack)),
      // A snapshot's round is shown when nothing is in flight, or when it answers what is.
      snapshotShowsOpen: ({ context, event }) => {
        const round = snapshotRound(event)
        if (!isOpen(round)) return false
        return context.pending === null || answersPending(context.pending, round)
      },
      snapshotShowsEnded: ({ context, event }) => {
        const round = snapshotRound(event)
        if (round === null || isOpen(round)) return false
        return context.pending === null
          ? !isKnownEnded(context, round)
          : answersPending(context.pending, round)
      },
      // The open round shown ended where this page did not see it (another tab, the 30 days,
      // while the socket was down): shown as it ended. A step or cash-out of it still in flight
      // is answered too: sent again, it would only meet that ended round.
      snapshotEndsRound: ({ context, event }) => endedElsewhere(context, event) !== null,
      // The open round shown is gone from the server and the snapshot has not its end (an older
      // server, or another round ended since): the form comes back.
      snapshotLosesRound: ({ context, event }) =>
        event.type === 'snapshot' &&
        event.me !== null &&
        event.me.round === null &&
        context.pending === null &&
        isOpen(context.round),
    },
    actions: {
      takeOpen: assign(({ context, event }) => {
        assertEvent(event, 'OPEN')
        if (context.currency === null) throw new Error(`[${id}] an open without a currency`)
        const pending: StatefulOpenCommand<P> = {
          type: 'open',
          v: STATEFUL_PROTOCOL_VERSION,
          key: event.key,
          amount: event.amount,
          currency: context.currency,
          params: event.params,
        }
        return { pending, round: null, lastError: null }
      }),
      takeStep: assign(({ context, event }) => {
        assertEvent(event, 'STEP')
        if (!context.round) throw new Error(`[${id}] a step without a round`)
        const { roundId, step } = context.round
        const v = STATEFUL_PROTOCOL_VERSION
        const pending: StatefulStepCommand<A> = {
          type: 'step',
          v,
          key: event.key,
          roundId,
          step,
          action: event.action,
        }
        return { pending, lastError: null }
      }),
      takeCashout: assign(({ context, event }) => {
        assertEvent(event, 'CASHOUT')
        if (!context.round) throw new Error(`[${id}] a cash-out without a round`)
        const { roundId, step } = context.round
        const v = STATEFUL_PROTOCOL_VERSION
        const pending: StatefulCashoutCommand = {
          type: 'cashout',
          v,
          key: event.key,
          roundId,
          step,
        }
        return { pending, lastError: null }
      }),
      takeAck: assign(({ context }, ack: Ack) => {
        const round = roundOfAck(ack)
        return {
          pending: null,
          lastError: ack.type === 'ok' ? null : ack.code,
          // Null mid-round (and while a payout is under way): the last known balance stands.
          balance: ack.type === 'ok' && ack.balance !== null ? ack.balance : context.balance,
          ...(round ? showRound(context, round) : {}),
        }
      }),
      loseAnswer: assign({ lastError: 'network' as const }),
      refuseOffline: assign({ lastError: 'offline' as const }),
      refuseGuest: assign({ lastError: 'unauthorized' as const }),
      clearRound: assign({ round: null, lastError: null }),
      takeSnapshot: assign(({ context, event }) => {
        assertEvent(event, 'snapshot')
        const me = event.me
        if (!me) return { seeds: null }
        return {
          // While a command is out, its ack carries the newer balance.
          balance: context.pending ? context.balance : me.balance,
          currency: me.currency,
          seeds: { serverSeedHash: me.serverSeedHash, clientSeed: me.clientSeed, nonce: me.nonce },
        }
      }),
      showSnapshotRound: assign(({ context, event }) => {
        const round = snapshotRound(event)
        if (!round) throw new Error(`[${id}] a snapshot without a round`)
        return { ...showRound(context, round), pending: null, lastError: null }
      }),
      showEndedElsewhere: assign(({ context, event }) => {
        assertEvent(event, 'snapshot')
        const round = endedElsewhere(context, event)
        if (!round || !event.me) throw new Error(`[${id}] a snapshot without the round shown`)
        // The round is paid: the snapshot's balance is after it, whatever was in flight.
        return {
          ...showRound(context, round),
          balance: event.me.balance,
          pending: null,
          lastError: null,
        }
      }),
      // While a command is out, its ack carries the newer balance (as with a snapshot).
      takeBalance: assign(({ context, event }) => {
        assertEvent(event, 'BALANCE')
        return { balance: context.pending ? context.balance : event.balance }
      }),
      online: assign({ connected: true }),
      offline: assign({ connected: false }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      currency: input.currency,
      balance: input.balance,
      connected: false,
      round: null,
      pending: null,
      seeds: null,
      recent: [],
      lastError: null,
    }),
    initial: 'idle',
    on: {
      snapshot: [
        {
          guard: 'snapshotShowsOpen',
          target: '.open',
          actions: ['takeSnapshot', 'showSnapshotRound'],
        },
        {
          guard: 'snapshotShowsEnded',
          target: '.settled',
          actions: ['takeSnapshot', 'showSnapshotRound'],
        },
        {
          guard: 'snapshotEndsRound',
          target: '.settled',
          actions: ['takeSnapshot', 'showEndedElsewhere'],
        },
        { guard: 'snapshotLosesRound', target: '.idle', actions: ['takeSnapshot', 'clearRound'] },
        { actions: 'takeSnapshot' },
      ],
      BALANCE: { actions: 'takeBalance' },
      CONNECTED: { actions: 'online' },
      DISCONNECTED: { actions: 'offline' },
    },
    states: {
      idle: {
        id: 'statefulIdle',
        on: {
          OPEN: [
            { guard: 'guest', actions: 'refuseGuest' },
            { guard: 'connected', target: 'opening', actions: 'takeOpen' },
            { actions: 'refuseOffline' },
          ],
        },
      },
      opening: command('open', 'idle'),
      open: {
        id: 'statefulOpen',
        on: {
          STEP: [
            { guard: 'connected', target: 'stepping', actions: 'takeStep' },
            { actions: 'refuseOffline' },
          ],
          CASHOUT: [
            { guard: 'canCashOut', target: 'cashingOut', actions: 'takeCashout' },
            { guard: 'connected' },
            { actions: 'refuseOffline' },
          ],
        },
      },
      stepping: command('step', 'open'),
      cashingOut: command('cashout', 'open'),
      settled: {
        id: 'statefulSettled',
        on: {
          NEW: { target: 'idle', actions: 'clearRound' },
          OPEN: [
            { guard: 'guest', actions: 'refuseGuest' },
            { guard: 'connected', target: 'opening', actions: 'takeOpen' },
            { actions: 'refuseOffline' },
          ],
        },
      },
    },
  })
}

/** Any stateful game's round machine. */
export type StatefulRoundMachine<P, A, O, W, R> = ReturnType<
  typeof createStatefulRoundMachine<P, A, O, W, R>
>
