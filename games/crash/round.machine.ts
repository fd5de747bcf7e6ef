/**
 * The client's crash round: what the server says the round is doing (round region) and where the
 * player's own bet stands (bet region), side by side. The server is authoritative: the machine
 * only mirrors its events and acks, and pre-validates bets to spare a round trip. Commands go out
 * through provided actors (`placeBet`, `cashOut`, `cancelBet`, `requestSync`); see `index.ts`.
 *
 * Past the ~400-line guide on purpose: the chart and the guards and actions it names by string
 * read best side by side; the data types and pure helpers already live in `round.model.ts`.
 */
import { and, assertEvent, assign, fromPromise, setup, stateIn } from 'xstate'
import {
  HISTORY_LENGTH,
  PROTOCOL_VERSION,
  type BetAck,
  type CancelBetAck,
  type CashOutAck,
  type CommandErrorCode,
  type Phase,
  type SyncAck,
} from './protocol'
import {
  betCommand,
  isMine,
  ownBetIn,
  placedBetId,
  settledAt,
  type BetCommand,
  type CancelBetCommand,
  type CashOutCommand,
  type CrashRoundContext,
  type CrashRoundEvent,
  type CrashRoundInput,
  type OwnBetStatus,
  type SyncCommand,
} from './round.model'
import { autoWins, validateBet, type CrashPoint } from './rules'

/** How long to wait for a snapshot after (re)connecting before asking for one with `sync`. */
export const SNAPSHOT_TIMEOUT_MS = 5000

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`[crash/round] actor "${name}" was not provided`))

/**
 * Connecting and resyncing both wait for a snapshot; when none comes within the timeout (the
 * server normally sends one at once) they ask with `sync`, and keep asking.
 */
const awaitingSnapshot = {
  initial: 'waiting',
  states: {
    waiting: { after: { snapshotTimeout: 'requesting' } },
    requesting: {
      invoke: {
        src: 'requestSync',
        input: { type: 'sync', v: PROTOCOL_VERSION },
        onDone: 'waiting',
        onError: 'waiting',
      },
    },
  },
} as const

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
  delays: {
    snapshotTimeout: SNAPSHOT_TIMEOUT_MS,
  },
  guards: {
    snapshotPhase: ({ event }, params: { phase: Phase }) =>
      event.type === 'snapshot' && event.round.phase === params.phase,
    recoveredIn: ({ context, event }, params: { phase: Phase }) =>
      event.type === 'CONNECTED' && event.recovered && context.round?.phase === params.phase,
    isCurrentRound: ({ context, event }) =>
      'roundId' in event && context.round !== null && event.roundId === context.round.id,
    betIsValid: ({ context, event }) =>
      event.type === 'BET' &&
      context.currency !== null &&
      validateBet({ ...event, currency: context.currency }, context.balance).type === 'ok',
    ownBetIs: ({ event }, params: { status: OwnBetStatus }) =>
      event.type === 'snapshot' && ownBetIn(event)?.status === params.status,
    ackIsError: (_, params: { ack: { type: 'ok' | 'error' } }) => params.ack.type === 'error',
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
      const own = ownBetIn(event)
      if (!own) return {}
      return {
        bet: {
          key: null, // placed by another tab or before a reload
          betId: own.betId,
          roundId: own.roundId,
          amount: own.amount,
          currency: own.currency,
          autoCashoutAt: own.autoCashoutAt,
          cashoutAt: own.cashoutAt,
          win: own.win,
        },
      }
    }),
    openRound: assign(({ event }) => {
      assertEvent(event, 'betting')
      return {
        round: {
          id: event.roundId,
          phase: 'betting' as const,
          bettingEndsAt: event.bettingEndsAt,
          startedAt: null,
          crashPoint: null,
          roundHash: null,
        },
        bets: [],
      }
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
      const { roundId, crashPoint, roundHash, salt } = event
      return {
        round: { ...context.round, phase: 'crashed' as const, crashPoint, roundHash },
        history: [{ roundId, crashPoint, roundHash, salt }, ...context.history].slice(
          0,
          HISTORY_LENGTH,
        ),
      }
    }),
    mergeBets: assign(({ context, event }) => {
      assertEvent(event, 'bets')
      const updates = new Map(event.bets.map((row) => [row.betId, row]))
      const kept = context.bets.map((row) => updates.get(row.betId) ?? row)
      const known = new Set(context.bets.map((row) => row.betId))
      return { bets: [...kept, ...event.bets.filter((row) => !known.has(row.betId))] }
    }),
    setClockOffset: assign(({ event }) => {
      assertEvent(event, ['CONNECTED', 'CLOCK'])
      return { clockOffset: event.clockOffset }
    }),
    draftBet: assign(({ context, event }) => {
      assertEvent(event, 'BET')
      if (!context.currency) return {}
      return {
        lastError: null,
        bet: {
          key: event.key,
          betId: null,
          roundId: null,
          amount: event.amount,
          currency: context.currency,
          autoCashoutAt: event.autoCashoutAt,
          cashoutAt: null,
          win: null,
        },
      }
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
    commandRefused: assign(
      (_, params: { ack: { type: 'error'; code: CommandErrorCode } | { type: 'ok' } }) =>
        params.ack.type === 'error' ? { lastError: params.ack.code } : {},
    ),
    commandFailed: assign({ lastError: 'network' as const }),
    clearBet: assign({ bet: null }),
    clearError: assign({ lastError: null }),
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
    settleAtCrash: assign(({ context }, params: { crashPoint: CrashPoint }) => ({
      bet: settledAt(context.bet, params.crashPoint),
    })),
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
    round: {
      initial: 'connecting',
      on: {
        snapshot: [
          {
            guard: { type: 'snapshotPhase', params: { phase: 'betting' } },
            target: '.betting',
            actions: 'applySnapshot',
          },
          {
            guard: { type: 'snapshotPhase', params: { phase: 'running' } },
            target: '.running',
            actions: 'applySnapshot',
          },
          { target: '.crashed', actions: 'applySnapshot' },
        ],
        betting: { target: '.betting', actions: 'openRound' },
        started: { guard: 'isCurrentRound', target: '.running', actions: 'startRound' },
        crashed: { guard: 'isCurrentRound', target: '.crashed', actions: 'crashRound' },
        bets: { guard: 'isCurrentRound', actions: 'mergeBets' },
        DISCONNECTED: '.offline',
        CLOCK: { actions: 'setClockOffset' },
      },
      states: {
        connecting: {
          ...awaitingSnapshot,
          on: { CONNECTED: { actions: 'setClockOffset' } },
        },
        betting: {},
        running: {},
        crashed: {},
        // The bet region is untouched while offline: an accepted bet stands on the server.
        offline: {
          on: {
            CONNECTED: [
              {
                guard: { type: 'recoveredIn', params: { phase: 'betting' } },
                target: 'betting',
                actions: 'setClockOffset',
              },
              {
                guard: { type: 'recoveredIn', params: { phase: 'running' } },
                target: 'running',
                actions: 'setClockOffset',
              },
              {
                guard: { type: 'recoveredIn', params: { phase: 'crashed' } },
                target: 'crashed',
                actions: 'setClockOffset',
              },
              { target: 'resyncing', actions: 'setClockOffset' },
            ],
          },
        },
        resyncing: awaitingSnapshot,
      },
    },
    bet: {
      initial: 'idle',
      on: {
        // A snapshot is the truth about the player's bet, whatever was in flight.
        snapshot: [
          {
            guard: { type: 'ownBetIs', params: { status: 'active' } },
            target: '.placed',
            actions: 'adoptOwnBet',
          },
          {
            guard: { type: 'ownBetIs', params: { status: 'queued' } },
            target: '.queued',
            actions: 'adoptOwnBet',
          },
          {
            guard: { type: 'ownBetIs', params: { status: 'cashedOut' } },
            target: '.cashedOut',
            actions: 'adoptOwnBet',
          },
          {
            guard: { type: 'ownBetIs', params: { status: 'lost' } },
            target: '.lost',
            actions: 'adoptOwnBet',
          },
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
        idle: {
          on: {
            BET: [
              { guard: 'betIsValid', target: 'placing', actions: 'draftBet' },
              { actions: 'rejectBet' },
            ],
          },
        },
        placing: {
          invoke: {
            src: 'placeBet',
            input: ({ context }) => betCommand(context.bet),
            onDone: [
              {
                guard: { type: 'ackIsError', params: ({ event }) => ({ ack: event.output }) },
                target: 'idle',
                actions: [
                  'clearBet',
                  { type: 'commandRefused', params: ({ event }) => ({ ack: event.output }) },
                ],
              },
              {
                guard: { type: 'ackPlacesInRound', params: ({ event }) => ({ ack: event.output }) },
                target: 'placed',
                actions: { type: 'betAccepted', params: ({ event }) => ({ ack: event.output }) },
              },
              // Sent while a round ran (or the ack overtook `betting`): plays in the next round.
              {
                target: 'queued',
                actions: { type: 'betAccepted', params: ({ event }) => ({ ack: event.output }) },
              },
            ],
            // Unknown whether the server took it (a slow server, not only a lost one): ask.
            onError: { target: 'confirming' },
          },
        },
        // The bet's ack never came, yet its stake may already be held. Rather than show no bet
        // while one stands, ask for a snapshot (handled above: it adopts the bet or clears it);
        // no answer in time leaves the region idle with the network error, as before.
        confirming: {
          invoke: {
            src: 'requestSync',
            input: { type: 'sync', v: PROTOCOL_VERSION },
            onError: { target: 'idle', actions: ['clearBet', 'commandFailed'] },
          },
          after: { snapshotTimeout: { target: 'idle', actions: ['clearBet', 'commandFailed'] } },
        },
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
                actions: {
                  type: 'settleAtCrash',
                  params: ({ event }) => ({ crashPoint: event.crashPoint }),
                },
              },
              {
                guard: 'crashesMyRound',
                target: 'lost',
                actions: {
                  type: 'settleAtCrash',
                  params: ({ event }) => ({ crashPoint: event.crashPoint }),
                },
              },
            ],
            bets: [
              {
                guard: { type: 'feedSettlesMine', params: { status: 'cashedOut' } },
                target: 'cashedOut',
                actions: 'applyFeedResult',
              },
              {
                guard: { type: 'feedSettlesMine', params: { status: 'lost' } },
                target: 'lost',
                actions: 'applyFeedResult',
              },
            ],
            settled: [
              {
                guard: { type: 'settlesMine', params: { status: 'cashedOut' } },
                target: 'cashedOut',
                actions: 'applySettled',
              },
              {
                guard: { type: 'settlesMine', params: { status: 'lost' } },
                target: 'lost',
                actions: 'applySettled',
              },
            ],
          },
        },
        cashingOut: {
          invoke: {
            src: 'cashOut',
            input: ({ context, event }) => {
              assertEvent(event, 'CASH_OUT')
              return {
                type: 'cashOut',
                v: PROTOCOL_VERSION,
                key: event.key,
                betId: placedBetId(context.bet),
              }
            },
            onDone: [
              {
                guard: { type: 'ackIsError', params: ({ event }) => ({ ack: event.output }) },
                target: 'afterFailedCashOut',
                actions: { type: 'commandRefused', params: ({ event }) => ({ ack: event.output }) },
              },
              {
                target: 'cashedOut',
                actions: {
                  type: 'cashOutAccepted',
                  params: ({ event }) => ({ ack: event.output }),
                },
              },
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
            settled: [
              {
                guard: { type: 'settlesMine', params: { status: 'cashedOut' } },
                target: 'cashedOut',
                actions: 'applySettled',
              },
              {
                guard: { type: 'settlesMine', params: { status: 'lost' } },
                target: 'lost',
                actions: 'applySettled',
              },
            ],
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
              return {
                type: 'cancelBet',
                v: PROTOCOL_VERSION,
                key: event.key,
                betId: placedBetId(context.bet),
              }
            },
            onDone: [
              {
                guard: { type: 'ackIsError', params: ({ event }) => ({ ack: event.output }) },
                target: 'afterFailedCancel',
                actions: { type: 'commandRefused', params: ({ event }) => ({ ack: event.output }) },
              },
              {
                target: 'idle',
                actions: { type: 'cancelAccepted', params: ({ event }) => ({ ack: event.output }) },
              },
            ],
            onError: { target: 'afterFailedCancel', actions: 'commandFailed' },
          },
        },
        afterFailedCancel: {
          always: [{ guard: 'betIsQueued', target: 'queued' }, { target: 'placed' }],
        },
        cashedOut: {
          on: {
            BET: [
              { guard: 'betIsValid', target: 'placing', actions: 'draftBet' },
              { actions: 'rejectBet' },
            ],
            betting: { target: 'idle', actions: 'clearBet' },
          },
        },
        lost: {
          on: {
            BET: [
              { guard: 'betIsValid', target: 'placing', actions: 'draftBet' },
              { actions: 'rejectBet' },
            ],
            betting: { target: 'idle', actions: 'clearBet' },
          },
        },
      },
    },
  },
})
