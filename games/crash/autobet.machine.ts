/**
 * Auto-bet: the same bet for up to 100 rounds, stopping early on a profit or a loss threshold.
 * It decides only *when* to bet; it emits `placeBet` and the app edge (`ui/autoBetLink.ts`)
 * forwards it to the round machine as a `BET` intent with a fresh idempotency key, and reports
 * each bet's result back as `RESULT` (or `BET_REFUSED`). Keeping the two machines apart leaves the round machine's chart about one bet.
 */
import { assertEvent, assign, emit, setup } from 'xstate'
import type { Minor } from '../engine/money'
import type { RoundId } from './protocol'
import { MAX_AUTO_CASHOUT, MIN_AUTO_CASHOUT, type Multiplier } from './rules'

/** The most rounds one auto-bet run may play. */
export const MAX_AUTOBET_ROUNDS = 100

/** What the player set up. Thresholds are in minor units of net result; null means no stop. */
export interface AutobetSettings {
  rounds: number
  amount: Minor
  autoCashoutAt: Multiplier | null
  stopOnProfit: Minor | null
  stopOnLoss: Minor | null
}

/**
 * Why a run ended: all rounds played, a threshold reached, a bet refused for the balance, the
 * player, or any other refused or failed bet (the round machine's `lastError` says which).
 */
export type AutobetStopReason = 'rounds' | 'profit' | 'loss' | 'balance' | 'player' | 'error'

/** Why a requested bet did not play: not enough balance, or anything else. */
export type AutobetRefusal = 'balance' | 'error'

/** Progress of the current or last run. */
export interface AutobetContext {
  settings: AutobetSettings | null
  played: number
  /** Sum of (win - stake) over the bets played, in minor units; negative is a loss. */
  net: number
  /** The round a bet was last requested for, so one round never gets two. */
  lastRound: RoundId | null
  stopReason: AutobetStopReason | null
}

/** Events: the player's start and stop, and what the round machine reports. */
export type AutobetEvent =
  | { type: 'START'; settings: AutobetSettings }
  | { type: 'STOP' }
  | { type: 'ROUND_OPEN'; roundId: RoundId }
  | { type: 'RESULT'; stake: Minor; win: Minor }
  | { type: 'BET_REFUSED'; because: AutobetRefusal }

/** Emitted when a bet should be placed in the round that just opened. */
export type AutobetEmitted = {
  type: 'placeBet'
  roundId: RoundId
  amount: Minor
  autoCashoutAt: Multiplier | null
}

/**
 * True when the settings can start a run: 1 to 100 rounds, a positive amount, an auto cash-out
 * within the rules' range (or none) and positive thresholds (or none).
 */
export function autobetSettingsValid(settings: AutobetSettings): boolean {
  const threshold = (value: Minor | null) =>
    value === null || (Number.isSafeInteger(value) && value > 0)
  const cashout = settings.autoCashoutAt
  return (
    (cashout === null ||
      (Number.isInteger(cashout) && cashout >= MIN_AUTO_CASHOUT && cashout <= MAX_AUTO_CASHOUT)) &&
    Number.isInteger(settings.rounds) &&
    settings.rounds >= 1 &&
    settings.rounds <= MAX_AUTOBET_ROUNDS &&
    Number.isSafeInteger(settings.amount) &&
    settings.amount > 0 &&
    threshold(settings.stopOnProfit) &&
    threshold(settings.stopOnLoss)
  )
}

export const autobetMachine = setup({
  types: {
    context: {} as AutobetContext,
    events: {} as AutobetEvent,
    emitted: {} as AutobetEmitted,
  },
  guards: {
    settingsValid: ({ event }) => event.type === 'START' && autobetSettingsValid(event.settings),
    newRound: ({ context, event }) =>
      event.type === 'ROUND_OPEN' && event.roundId !== context.lastRound,
    roundsDone: ({ context }) =>
      context.settings !== null && context.played >= context.settings.rounds,
    profitReached: ({ context }) =>
      context.settings?.stopOnProfit != null && context.net >= context.settings.stopOnProfit,
    lossReached: ({ context }) =>
      context.settings?.stopOnLoss != null && -context.net >= context.settings.stopOnLoss,
  },
  actions: {
    begin: assign(({ event }) => {
      assertEvent(event, 'START')
      return { settings: event.settings, played: 0, net: 0, lastRound: null, stopReason: null }
    }),
    requestBet: emit(({ context, event }) => {
      assertEvent(event, 'ROUND_OPEN')
      if (!context.settings) throw new Error('[crash/autobet] betting without settings')
      return {
        type: 'placeBet' as const,
        roundId: event.roundId,
        amount: context.settings.amount,
        autoCashoutAt: context.settings.autoCashoutAt,
      }
    }),
    rememberRound: assign(({ event }) => {
      assertEvent(event, 'ROUND_OPEN')
      return { lastRound: event.roundId }
    }),
    count: assign(({ context, event }) => {
      assertEvent(event, 'RESULT')
      return { played: context.played + 1, net: context.net + event.win - event.stake }
    }),
    stopBecause: assign((_, params: { reason: AutobetStopReason }) => ({
      stopReason: params.reason,
    })),
  },
}).createMachine({
  id: 'crashAutobet',
  context: { settings: null, played: 0, net: 0, lastRound: null, stopReason: null },
  initial: 'off',
  states: {
    off: {
      on: { START: { guard: 'settingsValid', target: 'on', actions: 'begin' } },
    },
    on: {
      initial: 'waitingForRound',
      on: {
        STOP: { target: 'off', actions: { type: 'stopBecause', params: { reason: 'player' } } },
      },
      states: {
        waitingForRound: {
          on: {
            ROUND_OPEN: {
              guard: 'newRound',
              target: 'betting',
              actions: ['rememberRound', 'requestBet'],
            },
          },
        },
        betting: {
          on: {
            RESULT: { target: 'checking', actions: 'count' },
            BET_REFUSED: {
              target: '#crashAutobet.off',
              actions: {
                type: 'stopBecause',
                params: ({ event }) => ({ reason: event.because }),
              },
            },
          },
        },
        // One net result cannot reach both thresholds, so the order of the checks is free.
        checking: {
          always: [
            {
              guard: 'lossReached',
              target: '#crashAutobet.off',
              actions: { type: 'stopBecause', params: { reason: 'loss' } },
            },
            {
              guard: 'profitReached',
              target: '#crashAutobet.off',
              actions: { type: 'stopBecause', params: { reason: 'profit' } },
            },
            {
              guard: 'roundsDone',
              target: '#crashAutobet.off',
              actions: { type: 'stopBecause', params: { reason: 'rounds' } },
            },
            { target: 'waitingForRound' },
          ],
        },
      },
    },
  },
})
