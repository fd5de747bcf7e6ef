/**
 * Auto-bet, for any game: the same bet for up to 100 rounds, stopping early on a profit or a loss
 * threshold. It decides only *when* to bet; it emits `placeBet` and the app edge
 * (`ui/autoBetLink.ts`) forwards it to the game's round machine as an ordinary bet intent with a
 * fresh idempotency key, and reports each bet's result back as `RESULT` (or `BET_REFUSED`). The
 * game's bet parameters `P` (crash: `{ autoCashoutAt }`) ride along in the settings and the
 * emitted bet, untouched; the game says which are valid (`paramsValid`).
 */
import { assertEvent, assign, emit, setup } from 'xstate'
import type { Minor } from '../engine/money'
import type { RoundId } from './protocol'

/** The most rounds one auto-bet run may play. */
export const MAX_AUTOBET_ROUNDS = 100

/** What every auto-bet run has; thresholds are minor units of net result, null means no stop. */
export interface AutobetBase {
  rounds: number
  amount: Minor
  stopOnProfit: Minor | null
  stopOnLoss: Minor | null
}

/** What the player set up: the common part and the game's bet parameters. */
export type AutobetSettings<P extends object> = AutobetBase & P

/**
 * Why a run ended: all rounds played, a threshold reached, a bet refused for the balance, the
 * player, or any other refused or failed bet (the round machine's error says which).
 */
export type AutobetStopReason = 'rounds' | 'profit' | 'loss' | 'balance' | 'player' | 'error'

/** Why a requested bet did not play: not enough balance, or anything else. */
export type AutobetRefusal = 'balance' | 'error'

/** Progress of the current or last run. */
export interface AutobetContext<P extends object> {
  settings: AutobetSettings<P> | null
  played: number
  /** Sum of (win - stake) over the bets played, in minor units; negative is a loss. */
  net: number
  /** The round a bet was last requested for, so one round never gets two. */
  lastRound: RoundId | null
  stopReason: AutobetStopReason | null
}

/** Events: the player's start and stop, and what the round machine reports. */
export type AutobetEvent<P extends object> =
  | { type: 'START'; settings: AutobetSettings<P> }
  | { type: 'STOP' }
  | { type: 'ROUND_OPEN'; roundId: RoundId }
  | { type: 'RESULT'; stake: Minor; win: Minor }
  | { type: 'BET_REFUSED'; because: AutobetRefusal }

/** Emitted when a bet should be placed in the round that just opened. */
export type AutobetEmitted<P extends object> = {
  type: 'placeBet'
  roundId: RoundId
  amount: Minor
} & P

/**
 * True when the settings can start a run: 1 to 100 rounds, a positive amount, positive
 * thresholds (or none), and bet parameters the game accepts.
 */
export function autobetSettingsValid<P extends object>(
  settings: AutobetSettings<P>,
  paramsValid: (params: P) => boolean,
): boolean {
  const threshold = (value: Minor | null) =>
    value === null || (Number.isSafeInteger(value) && value > 0)
  return (
    paramsValid(paramsOf(settings)) &&
    Number.isInteger(settings.rounds) &&
    settings.rounds >= 1 &&
    settings.rounds <= MAX_AUTOBET_ROUNDS &&
    Number.isSafeInteger(settings.amount) &&
    settings.amount > 0 &&
    threshold(settings.stopOnProfit) &&
    threshold(settings.stopOnLoss)
  )
}

/** The game's bet parameters of a run's settings. */
function paramsOf<P extends object>(settings: AutobetSettings<P>): P {
  // Only the common fields are taken out; whatever the game put in is its parameters.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { rounds, amount, stopOnProfit, stopOnLoss, ...params } = settings
  return params as unknown as P
}

/** A game's auto-bet machine: `id` names it, `paramsValid` checks the game's bet parameters. */
export function createAutobetMachine<P extends object>(options: {
  id: string
  paramsValid: (params: P) => boolean
}) {
  const { id } = options
  return setup({
    types: {
      context: {} as AutobetContext<P>,
      events: {} as AutobetEvent<P>,
      emitted: {} as AutobetEmitted<P>,
    },
    guards: {
      settingsValid: ({ event }) =>
        event.type === 'START' && autobetSettingsValid(event.settings, options.paramsValid),
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
        if (!context.settings) throw new Error(`[${id}] betting without settings`)
        const bet = {
          ...paramsOf(context.settings),
          type: 'placeBet' as const,
          roundId: event.roundId,
          amount: context.settings.amount,
        }
        return bet as AutobetEmitted<P>
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
    id,
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
                target: `#${id}.off`,
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
                target: `#${id}.off`,
                actions: { type: 'stopBecause', params: { reason: 'loss' } },
              },
              {
                guard: 'profitReached',
                target: `#${id}.off`,
                actions: { type: 'stopBecause', params: { reason: 'profit' } },
              },
              {
                guard: 'roundsDone',
                target: `#${id}.off`,
                actions: { type: 'stopBecause', params: { reason: 'rounds' } },
              },
              { target: 'waitingForRound' },
            ],
          },
        },
      },
    },
  })
}

/** Any game's auto-bet machine. */
export type AutobetMachine<P extends object> = ReturnType<typeof createAutobetMachine<P>>
