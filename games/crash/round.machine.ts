/**
 * The client's crash round: what the server says the round is doing (round region) and where the
 * player's own bet stands (bet region), side by side. The round region is the live kit's
 * (games/kit/live/round.machine.ts: the snapshot wait, offline, resync and the clock) run with
 * crash's phases and stream events; the bet region, with its bets, cash-outs and auto cash-out
 * at the crash point, is crash's own. The server is authoritative: the machine only mirrors its
 * events and acks, and pre-validates bets to spare a round trip. Commands go out through provided
 * actors (`placeBet`, `cashOut`, `cancelBet`, `requestSync`); see `stream.ts`. The data types and
 * the pure helpers of its actions live in `round.model.ts`.
 */
import { and, assertEvent, assign, fromPromise, setup, stateIn } from 'xstate'
import {
  confirmBySnapshot,
  liveCommandImplementations,
  liveRoundImplementations,
  liveRoundRegion,
  withAck,
} from '../kit/live/round.machine'
import {
  HISTORY_LENGTH,
  PROTOCOL_VERSION,
  type BetAck,
  type CancelBetAck,
  type CashOutAck,
  type SyncAck,
} from './protocol'
import {
  betCommand,
  cancelBetCommand,
  cashOutCommand,
  draftedBet,
  isMine,
  mergedBets,
  openedRound,
  ownBetIn,
  restoredBet,
  settledAt,
  withCrash,
  type BetCommand,
  type CancelBetCommand,
  type CashOutCommand,
  type CrashRoundContext,
  type CrashRoundEvent,
  type CrashRoundInput,
  type OwnBetStatus,
  type SyncCommand,
} from './round.model'
import { autoWins, validateBet } from './rules'
import { actorNotProvided } from '../kit/actorNotProvided'

export { SNAPSHOT_TIMEOUT_MS } from '../kit/live/round.machine'

const notProvided = actorNotProvided('crash/round')

/** The kit's implementations of the round region and of commands, on crash's context and events. */
const live = liveRoundImplementations<CrashRoundContext, CrashRoundEvent>()
const commands = liveCommandImplementations<CrashRoundContext, CrashRoundEvent>()

/** A new bet, from the form or after a result: pre-checked here, then sent. */
const betIntent = {
  BET: [{ guard: 'betIsValid', target: 'placing', actions: 'draftBet' }, { actions: 'rejectBet' }],
} as const

/** How a bet ends, as the server settles it: each is also the bet region's state. */
const RESULTS = ['cashedOut', 'lost'] as const

/** A transition to each result, when the guard `guard` sees the bet end with it. */
const toResult = <const G extends string, const A extends string>(guard: G, actions: A) =>
  RESULTS.map(
    (status) => ({ guard: { type: guard, params: { status } }, target: status, actions }) as const,
  )

/** The player's bet a snapshot shows (a bet of its round first, else a queued one) is the truth. */
const restoreOwnBet = (
  [
    ['active', '.placed'],
    ['queued', '.queued'],
    ['cashedOut', '.cashedOut'],
    ['lost', '.lost'],
  ] as const
).map(
  ([status, target]) =>
    ({ guard: { type: 'ownBetIs', params: { status } }, target, actions: 'adoptOwnBet' }) as const,
)

/** A result shown until the next round opens, or the next bet. */
const result = { on: { ...betIntent, betting: { target: 'idle', actions: 'clearBet' } } } as const

/** The client's crash round; provide its command actors with `crashCommandActors` (index.ts). */
export const crashRoundMachine = setup({
  types: {
    context: {} as CrashRoundContext,
    events: {} as CrashRoundEvent,
    input: {} as CrashRoundInput,
  },
  actors: {
    placeBet: fromPromise<BetAck, BetCommand>(notProvided('placeBet')),
    cashOut: fromPromise<CashOutAck, CashOutCommand>(notProvided('cashOut')),
    cancelBet: fromPromise<CancelBetAck, CancelBetCommand>(notProvided('cancelBet')),
    requestSync: fromPromise<SyncAck, SyncCommand>(notProvided('requestSync')),
  },
  delays: live.delays,
  guards: {
    ...live.guards,
    ...commands.guards,
    betIsValid: ({ context, event }) =>
      event.type === 'BET' &&
      context.currency !== null &&
      validateBet({ ...event, currency: context.currency }, context.balance).type === 'ok',
    ownBetIs: ({ event }, params: { status: OwnBetStatus }) =>
      event.type === 'snapshot' && ownBetIn(event)?.status === params.status,
    // A queued ack can arrive after `betting` already opened its round: then it is placed.
    ackPlacesInRound: ({ context }, params: { ack: BetAck }) =>
      params.ack.type === 'ok' &&
      (params.ack.status === 'placed' ||
        (params.ack.roundId === context.round?.id && context.round.phase === 'betting')),
    opensMyRound: ({ context, event }) =>
      event.type === 'betting' && event.roundId === context.bet?.roundId,
    crashesMyRound: ({ context, event }) =>
      event.type === 'crashed' && event.roundId === context.bet?.roundId,
    autoCashoutWon: ({ context, event }) =>
      event.type === 'crashed' && autoWins(context.bet?.autoCashoutAt ?? null, event.crashPoint),
    settlesMine: ({ context, event }, params: { status: 'cashedOut' | 'lost' }) =>
      event.type === 'settled' && isMine(context, event.betId) && event.status === params.status,
    feedSettlesMine: ({ context, event }, params: { status: 'cashedOut' | 'lost' }) =>
      event.type === 'bets' &&
      event.bets.some((row) => isMine(context, row.betId) && row.status === params.status),
    myRoundIsBetting: ({ context }) =>
      context.round?.phase === 'betting' && context.round.id === context.bet?.roundId,
    myRoundIsRunning: ({ context }) =>
      context.round?.phase === 'running' && context.round.id === context.bet?.roundId,
    myRoundCrashed: ({ context }) =>
      context.round?.phase === 'crashed' && context.round.id === context.bet?.roundId,
    autoWonInMyCrashedRound: ({ context }) =>
      context.round?.phase === 'crashed' &&
      context.round.id === context.bet?.roundId &&
      context.round.crashPoint !== null &&
      autoWins(context.bet.autoCashoutAt, context.round.crashPoint),
    betIsQueued: ({ context }) =>
      context.bet?.roundId !== null && context.bet?.roundId !== context.round?.id,
  },
  actions: {
    applySnapshot: assign(({ event }) => {
      assertEvent(event, 'snapshot')
      const { round, me } = event
      return {
        round: { ...round },
        fairness: event.fairness,
        bets: event.bets,
        history: event.history.slice(0, HISTORY_LENGTH),
        ...(me ? { balance: me.balance, currency: me.currency } : {}),
      }
    }),
    adoptOwnBet: assign(({ event }) => {
      assertEvent(event, 'snapshot')
      const bet = restoredBet(event)
      return bet ? { bet } : {}
    }),
    openRound: assign(({ event }) => {
      assertEvent(event, 'betting')
      return { round: openedRound(event), bets: [] }
    }),
    startRound: assign(({ context, event }) => {
      assertEvent(event, 'started')
      return context.round
        ? { round: { ...context.round, phase: 'running' as const, startedAt: event.startedAt } }
        : {}
    }),
    crashRound: assign(({ context, event }) => {
      assertEvent(event, 'crashed')
      if (!context.round) return {}
      const { crashPoint, roundHash } = event
      return {
        round: { ...context.round, phase: 'crashed' as const, crashPoint, roundHash },
        history: withCrash(context.history, event),
      }
    }),
    mergeBets: assign(({ context, event }) => {
      assertEvent(event, 'bets')
      return { bets: mergedBets(context.bets, event.bets) }
    }),
    ...live.actions,
    draftBet: assign(({ context, event }) => {
      assertEvent(event, 'BET')
      return context.currency ? { lastError: null, bet: draftedBet(event, context.currency) } : {}
    }),
    rejectBet: assign(({ context, event }) => {
      assertEvent(event, 'BET')
      if (!context.currency) return { lastError: 'unauthorized' as const }
      const check = validateBet({ ...event, currency: context.currency }, context.balance)
      return { lastError: check.type === 'invalid' ? check.problem : null }
    }),
    betAccepted: assign(({ context }, params: { ack: BetAck }) => {
      const { ack } = params
      if (ack.type !== 'ok' || !context.bet) return {}
      return {
        balance: ack.balance,
        bet: { ...context.bet, betId: ack.betId, roundId: ack.roundId },
      }
    }),
    ...commands.actions,
    clearBet: assign({ bet: null }),
    cashOutAccepted: assign(({ context }, params: { ack: CashOutAck }) => {
      const { ack } = params
      if (ack.type !== 'ok' || !context.bet) return {}
      const bet = { ...context.bet, cashoutAt: ack.cashoutAt, win: ack.win }
      return { balance: ack.balance, bet }
    }),
    cancelAccepted: assign(({ context }, params: { ack: CancelBetAck }) =>
      params.ack.type === 'ok' ? { balance: params.ack.balance, bet: null } : { bet: context.bet },
    ),
    applySettled: assign(({ context, event }) => {
      assertEvent(event, 'settled')
      if (!context.bet || !isMine(context, event.betId)) return {}
      const bet = { ...context.bet, cashoutAt: event.cashoutAt, win: event.win }
      return { balance: event.balance, bet }
    }),
    applyFeedResult: assign(({ context, event }) => {
      assertEvent(event, 'bets')
      const row = event.bets.find((r) => isMine(context, r.betId))
      if (!row || !context.bet) return {}
      return { bet: { ...context.bet, cashoutAt: row.cashoutAt, win: row.win } }
    }),
    settleAtCrash: assign(({ context, event }) => {
      assertEvent(event, 'crashed')
      return { bet: settledAt(context.bet, event.crashPoint) }
    }),
    settleAtKnownCrash: assign(({ context }) =>
      context.round?.crashPoint ? { bet: settledAt(context.bet, context.round.crashPoint) } : {},
    ),
  },
}).createMachine({
  id: 'crashRound',
  type: 'parallel',
  context: ({ input }) => ({
    currency: input.currency,
    balance: input.balance,
    clockOffset: 0,
    round: null,
    fairness: null,
    bets: [],
    history: [],
    bet: null,
    lastError: null,
  }),
  states: {
    round: liveRoundRegion({
      version: PROTOCOL_VERSION,
      phases: { betting: {}, running: {}, crashed: {} },
      on: {
        betting: { target: '.betting', actions: 'openRound' },
        started: { guard: 'isCurrentRound', target: '.running', actions: 'startRound' },
        crashed: { guard: 'isCurrentRound', target: '.crashed', actions: 'crashRound' },
        bets: { guard: 'isCurrentRound', actions: 'mergeBets' },
      },
    }),
    bet: {
      initial: 'idle',
      on: {
        // A snapshot is the truth about the player's bet, whatever was in flight.
        snapshot: [
          ...restoreOwnBet,
          // Nothing on the server yet: a command in flight will answer for itself.
          { guard: stateIn('#crashRound.bet.placing') },
          // The server never took the unanswered bet: say so.
          {
            guard: stateIn('#crashRound.bet.confirming'),
            target: '.idle',
            actions: ['clearBet', 'commandFailed'],
          },
          { target: '.idle', actions: 'clearBet' },
        ],
        settled: { actions: 'applySettled' },
      },
      states: {
        idle: { on: betIntent },
        placing: {
          invoke: {
            src: 'placeBet',
            input: ({ context }) => betCommand(context.bet),
            onDone: [
              {
                guard: withAck('ackIsError'),
                target: 'idle',
                actions: ['clearBet', withAck('commandRefused')],
              },
              {
                guard: withAck('ackPlacesInRound'),
                target: 'placed',
                actions: withAck('betAccepted'),
              },
              // Sent while a round ran (or the ack overtook `betting`): plays in the next round.
              { target: 'queued', actions: withAck('betAccepted') },
            ],
            // Unknown whether the server took it (a slow server, not only a lost one): ask.
            onError: { target: 'confirming' },
          },
        },
        // The bet's ack never came, yet its stake may already be held. Rather than show no bet
        // while one stands, ask for a snapshot (handled above: it adopts the bet or clears it);
        // no answer in time leaves the region idle with the network error, as before.
        confirming: confirmBySnapshot(PROTOCOL_VERSION, {
          target: 'idle',
          actions: ['clearBet', 'commandFailed'],
        }),
        queued: {
          on: {
            betting: { guard: 'opensMyRound', target: 'placed' },
            CANCEL: { target: 'cancelling', actions: 'clearError' },
          },
        },
        placed: {
          on: {
            CASH_OUT: { guard: 'myRoundIsRunning', target: 'cashingOut', actions: 'clearError' },
            CANCEL: { guard: 'myRoundIsBetting', target: 'cancelling', actions: 'clearError' },
            crashed: [
              {
                guard: and(['crashesMyRound', 'autoCashoutWon']),
                target: 'cashedOut',
                actions: 'settleAtCrash',
              },
              { guard: 'crashesMyRound', target: 'lost', actions: 'settleAtCrash' },
            ],
            // The live table's batch can tell the bet's end before `settled` does.
            bets: toResult('feedSettlesMine', 'applyFeedResult'),
            // The private `settled` event: the server settled the bet (auto cash-out, or lost).
            settled: toResult('settlesMine', 'applySettled'),
          },
        },
        cashingOut: {
          invoke: {
            src: 'cashOut',
            input: ({ context, event }) => {
              assertEvent(event, 'CASH_OUT')
              return cashOutCommand(event.key, context.bet)
            },
            onDone: [
              {
                guard: withAck('ackIsError'),
                target: 'afterFailedCashOut',
                actions: withAck('commandRefused'),
              },
              { target: 'cashedOut', actions: withAck('cashOutAccepted') },
            ],
            onError: { target: 'afterFailedCashOut', actions: 'commandFailed' },
          },
          on: {
            // Auto cash-out (or the server's own settlement) beat the manual request.
            bets: {
              guard: { type: 'feedSettlesMine', params: { status: 'cashedOut' } },
              target: 'cashedOut',
              actions: 'applyFeedResult',
            },
            settled: toResult('settlesMine', 'applySettled'),
          },
        },
        // A refused or unanswered cash-out: if the round already crashed the rules settle the bet
        // (an auto cash-out at or below the crash point still wins), else the bet stands.
        afterFailedCashOut: {
          always: [
            {
              guard: 'autoWonInMyCrashedRound',
              target: 'cashedOut',
              actions: 'settleAtKnownCrash',
            },
            { guard: 'myRoundCrashed', target: 'lost', actions: 'settleAtKnownCrash' },
            { target: 'placed' },
          ],
        },
        cancelling: {
          invoke: {
            src: 'cancelBet',
            input: ({ context, event }) => {
              assertEvent(event, 'CANCEL')
              return cancelBetCommand(event.key, context.bet)
            },
            onDone: [
              {
                guard: withAck('ackIsError'),
                target: 'afterFailedCancel',
                actions: withAck('commandRefused'),
              },
              { target: 'idle', actions: withAck('cancelAccepted') },
            ],
            onError: { target: 'afterFailedCancel', actions: 'commandFailed' },
          },
        },
        afterFailedCancel: {
          always: [{ guard: 'betIsQueued', target: 'queued' }, { target: 'placed' }],
        },
        cashedOut: result,
        lost: result,
      },
    },
  },
})
