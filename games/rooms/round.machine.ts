/**
 * The client's round of one room: what the server says the round is doing (round region) and the
 * player's purchases (player region), side by side. The round region is the live kit's
 * (games/kit/live/round.machine.ts: the snapshot wait, offline, resync and the clock) run with the
 * rooms' phases and stream events; the player region, with its `buy` and its lost answers, is the
 * rooms' own. The server is authoritative: the machine mirrors its events and acks, and
 * pre-checks a purchase to spare a round trip. Commands go out through provided actors
 * (`buyTickets`, `requestSync`; see stream.ts).
 *
 *     round:  connecting ─snapshot─▶ open ─countdown─▶ countdown ─drawn─▶ drawing.spinning
 *             ─DRAW_SPIN_MS─▶ drawing.announced ─opened─▶ open …  (tickets: batches in place)
 *     player: idle ─BUY─▶ buying ─ack─▶ idle;  buying ─no answer─▶ confirming ─snapshot─▶ idle
 */
import { and, assertEvent, assign, fromPromise, not, setup, stateIn } from 'xstate'
import {
  confirmBySnapshot,
  liveCommandImplementations,
  liveRoundImplementations,
  liveRoundRegion,
  withAck,
} from '../kit/live/round.machine'
import { minor } from '../engine/money'
import { ROOMS_PROTOCOL_VERSION, type AckOf, type BuyAck } from './protocol'
import {
  buyCommand,
  buyRefusal,
  DRAW_SPIN_MS,
  drawOf,
  roundInfo,
  withDraw,
  withTicketList,
  withTickets,
  type BuyCommand,
  type RoomsRoundContext,
  type RoomsRoundEvent,
  type RoomsRoundInput,
  type SyncCommand,
} from './round.model'
import { actorNotProvided } from '../kit/actorNotProvided'

export { SNAPSHOT_TIMEOUT_MS } from '../kit/live/round.machine'

export { DRAW_SPIN_MS } from './round.model'

const notProvided = actorNotProvided('rooms/round')

/** The kit's implementations of the round region and of commands, on the rooms' types. */
const live = liveRoundImplementations<RoomsRoundContext, RoomsRoundEvent>()
const commands = liveCommandImplementations<RoomsRoundContext, RoomsRoundEvent>()

/** The client's round of one room; provide its actors with `roomsCommandActors` (stream.ts). */
export const roomsRoundMachine = setup({
  types: {
    context: {} as RoomsRoundContext,
    events: {} as RoomsRoundEvent,
    input: {} as RoomsRoundInput,
  },
  actors: {
    buyTickets: fromPromise<BuyAck, BuyCommand>(notProvided('buyTickets')),
    requestSync: fromPromise<AckOf<'sync'>, SyncCommand>(notProvided('requestSync')),
  },
  delays: { ...live.delays, drawSpin: ({ context }) => context.spinMs },
  guards: {
    ...live.guards,
    ...commands.guards,
    canBuy: ({ context, event }) => {
      assertEvent(event, 'BUY')
      return buyRefusal(context, event.count) === null
    },
    // The unanswered purchase stood when the snapshot shows a purchase of the player's that the
    // machine did not know of.
    snapshotShowsNewPurchase: ({ context, event }) =>
      event.type === 'snapshot' &&
      (event.me?.purchaseIds ?? []).some((id) => !context.mine.includes(id)),
    // The round region's own `on` takes names only (the kit types it), so the round check is here.
    drawnForMe: ({ context, event }) =>
      event.type === 'drawn' &&
      event.roundId === context.round?.id &&
      context.mine.includes(event.winner.purchaseId),
  },
  actions: {
    ...live.actions,
    ...commands.actions,
    applySnapshot: assign(({ context, event }) => {
      assertEvent(event, 'snapshot')
      const { state, me } = event
      const round = roundInfo(state.round)
      return {
        round,
        history: state.history,
        // A snapshot of a drawn round holds its whole list: its proof can recompute it.
        ...(round.draw
          ? { ticketLists: withTicketList(context.ticketLists, round, state.history) }
          : {}),
        ...(me ? { balance: me.balance, currency: me.currency } : {}),
      }
    }),
    adoptMine: assign(({ event }) => {
      assertEvent(event, 'snapshot')
      return { mine: event.me?.purchaseIds ?? [] }
    }),
    openRound: assign(({ event }) => {
      assertEvent(event, 'opened')
      return { round: roundInfo(event.round), lastPurchase: null }
    }),
    addTickets: assign(({ context, event }) => {
      assertEvent(event, 'tickets')
      return context.round ? { round: withTickets(context.round, event) } : {}
    }),
    startCountdown: assign(({ context, event }) => {
      assertEvent(event, 'countdown')
      if (!context.round) return {}
      return {
        round: { ...context.round, phase: 'countdown' as const, countdownEndsAt: event.endsAt },
      }
    }),
    drawRound: assign(({ context, event }) => {
      assertEvent(event, 'drawn')
      if (!context.round) return {}
      const draw = drawOf(event)
      const history = withDraw(context.history, draw)
      return {
        round: { ...context.round, phase: 'drawing' as const, draw },
        history,
        ticketLists: withTicketList(context.ticketLists, context.round, history),
      }
    }),
    // The wire has no private settlement for a room: the winning purchase and its payout in
    // `drawn` are the server's word, and the next snapshot's balance confirms it.
    creditWin: assign(({ context, event }) => {
      assertEvent(event, 'drawn')
      return context.balance === null ? {} : { balance: minor(context.balance + event.payout) }
    }),
    rejectBuy: assign(({ context, event }) => {
      assertEvent(event, 'BUY')
      return { lastError: buyRefusal(context, event.count) }
    }),
    buyAccepted: assign(({ context }, params: { ack: BuyAck }) => {
      const { ack } = params
      if (ack.type !== 'ok') return {}
      const mine = context.mine.includes(ack.purchaseId)
        ? context.mine
        : [...context.mine, ack.purchaseId]
      return { balance: ack.balance, mine, lastPurchase: ack }
    }),
  },
}).createMachine({
  id: 'roomsRound',
  type: 'parallel',
  context: ({ input }) => ({
    room: input.room,
    spinMs: input.spinMs ?? DRAW_SPIN_MS,
    currency: input.currency,
    balance: input.balance,
    clockOffset: 0,
    round: null,
    history: [],
    ticketLists: {},
    mine: [],
    lastPurchase: null,
    lastError: null,
  }),
  states: {
    round: liveRoundRegion({
      version: ROOMS_PROTOCOL_VERSION,
      phases: {
        open: {},
        countdown: {},
        drawing: {
          initial: 'spinning',
          states: { spinning: { after: { drawSpin: 'announced' } }, announced: {} },
        },
      },
      on: {
        opened: { target: '.open', actions: 'openRound' },
        tickets: { guard: 'isCurrentRound', actions: 'addTickets' },
        countdown: { guard: 'isCurrentRound', target: '.countdown', actions: 'startCountdown' },
        drawn: [
          {
            guard: 'drawnForMe',
            target: '.drawing',
            actions: ['drawRound', 'creditWin'],
          },
          { guard: 'isCurrentRound', target: '.drawing', actions: 'drawRound' },
        ],
      },
    }),
    player: {
      initial: 'idle',
      on: {
        // A snapshot is the truth about the player's purchases, whatever was in flight.
        snapshot: [
          {
            guard: and([stateIn('#roomsRound.player.confirming'), 'snapshotShowsNewPurchase']),
            target: '.idle',
            actions: 'adoptMine',
          },
          // The server never took the unanswered purchase: say so.
          {
            guard: and([stateIn('#roomsRound.player.confirming'), not('snapshotShowsNewPurchase')]),
            target: '.idle',
            actions: ['adoptMine', 'commandFailed'],
          },
          { actions: 'adoptMine' },
        ],
      },
      states: {
        idle: {
          on: {
            BUY: [
              { guard: 'canBuy', target: 'buying', actions: 'clearError' },
              { actions: 'rejectBuy' },
            ],
          },
        },
        buying: {
          invoke: {
            src: 'buyTickets',
            input: ({ context, event }) => {
              assertEvent(event, 'BUY')
              return buyCommand(context, event)
            },
            onDone: [
              {
                guard: withAck('ackIsError'),
                target: 'idle',
                actions: withAck('commandRefused'),
              },
              { target: 'idle', actions: withAck('buyAccepted') },
            ],
            // Unknown whether the server took it (a slow server, not only a lost one): ask.
            onError: 'confirming',
          },
        },
        // The purchase's answer never came, yet its tickets may stand: a snapshot tells (above);
        // none in time leaves the region idle with the network error.
        confirming: confirmBySnapshot(ROOMS_PROTOCOL_VERSION, {
          target: 'idle',
          actions: 'commandFailed',
        }),
      },
    },
  },
})
