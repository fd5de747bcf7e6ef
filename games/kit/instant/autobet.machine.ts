/**
 * Auto-bet of the instant games (dice, roulette, later keno...): bet after bet with the game's
 * params, a set number of bets or until stopped, the amount reset or changed by a percentage after
 * each win and each loss, stopping on a net profit or loss, on any refusal, on a lost connection
 * and when the tab is hidden. It decides only *what* to bet next: it emits `placeBet`, and the app
 * edge (`autobetLink.ts`) sends it to the game's round machine as an ordinary bet intent
 * and reports the bet back as `RESULT` or `BET_REFUSED`; the edge also feeds `DISCONNECTED` (the
 * round machine lost its stream) and `HIDDEN` (`document` visibilitychange). No timers: the next
 * bet goes as soon as the last one is answered. A stake-based game (roulette, whose amount is the
 * sum of its chips) gives an `InstantStakeRule`: a change then scales the chips themselves.
 * Crash's round-based auto-bet is `games/kit/autobet.machine.ts`.
 */
import { assertEvent, assign, emit, setup } from 'xstate'
import type { Minor } from '../../engine/money'

/**
 * A percentage in hundredths of a percent (basis points): 100 is 1 %, 10_000 is 100 %. Whole
 * numbers, so that the amount rule is exact integer arithmetic.
 */
export type PercentBp = number

/** The largest increase after a bet: 1,000 %. */
export const MAX_INCREASE_BP: PercentBp = 100_000
/** The largest decrease after a bet: 99.99 % (100 % would leave nothing to bet). */
export const MAX_DECREASE_BP: PercentBp = 9_999

/** What happens to the amount after a win (or after a loss): back to the base, or up or down. */
export type AmountChange =
  { kind: 'reset' } | { kind: 'increase'; bp: PercentBp } | { kind: 'decrease'; bp: PercentBp }

/** A change by a percentage (what `reset` is not). */
export type PercentChange = Exclude<AmountChange, { kind: 'reset' }>

/** The currency's bet range of the game (`betLimits(game, currency)`), in minor units. */
export interface AmountLimits {
  min: Minor
  max: Minor
}

/** What the player set up; thresholds are minor units of net result, null means no stop. */
export interface InstantAutobetSettings<P> {
  /** How many bets the run plays; null: until something else stops it. */
  bets: number | null
  /** The base amount: the first bet's, and where `reset` goes back to. */
  amount: Minor
  onWin: AmountChange
  onLoss: AmountChange
  stopOnProfit: Minor | null
  stopOnLoss: Minor | null
  /** The game's bet params, the same for every bet of the run. */
  params: P
  limits: AmountLimits
}

/**
 * Why a run ended: all its bets played, a threshold reached, the player, a refusal (not enough
 * balance; an amount or payout limit; any other refusal or failure), the connection lost, or the
 * tab hidden.
 */
export type InstantAutobetStopReason =
  'bets' | 'profit' | 'loss' | 'player' | 'balance' | 'limit' | 'error' | 'offline' | 'hidden'

/** Why a requested bet did not settle. */
export type InstantAutobetRefusal = 'balance' | 'limit' | 'error' | 'offline'

/** The most bets a run with a count may play (a run without one has no cap). */
export const MAX_AUTOBET_BETS = 100_000

/** Progress of the current or last run. */
export interface InstantAutobetContext<P> {
  settings: InstantAutobetSettings<P> | null
  /** The amount of the bet in flight, or of the next one. */
  amount: Minor | null
  /**
   * The params of the bet in flight, or of the next one: the settings' params, or with a stake
   * rule the layout as last scaled; null when it could not be scaled within the limits.
   */
  params: P | null
  played: number
  /** Sum of (payout - stake) over the bets played, in minor units; negative is a loss. */
  net: number
  stopReason: InstantAutobetStopReason | null
}

/** Events: the player's start and stop, what the round machine reports, and the app edge's. */
export type InstantAutobetEvent<P> =
  | { type: 'START'; settings: InstantAutobetSettings<P> }
  | { type: 'STOP' }
  | { type: 'RESULT'; stake: Minor; payout: Minor }
  | { type: 'BET_REFUSED'; because: InstantAutobetRefusal }
  | { type: 'DISCONNECTED' }
  | { type: 'HIDDEN' }

/** Emitted when the next bet should be placed. */
export interface InstantAutobetEmitted<P> {
  type: 'placeBet'
  amount: Minor
  params: P
}

const changeValid = (change: AmountChange) =>
  change.kind === 'reset' ||
  (Number.isInteger(change.bp) &&
    change.bp >= 1 &&
    change.bp <= (change.kind === 'increase' ? MAX_INCREASE_BP : MAX_DECREASE_BP))

/**
 * True when the settings can start a run: a count of 1 to {@link MAX_AUTOBET_BETS} or none, a
 * base amount within the limits, valid changes, positive thresholds (or none), and params the
 * game accepts.
 */
export function instantAutobetSettingsValid<P>(
  settings: InstantAutobetSettings<P>,
  paramsValid: (params: P) => boolean,
): boolean {
  const threshold = (value: Minor | null) =>
    value === null || (Number.isSafeInteger(value) && value > 0)
  const { bets, amount, limits } = settings
  return (
    paramsValid(settings.params) &&
    (bets === null || (Number.isInteger(bets) && bets >= 1 && bets <= MAX_AUTOBET_BETS)) &&
    Number.isSafeInteger(amount) &&
    amount >= limits.min &&
    amount <= limits.max &&
    changeValid(settings.onWin) &&
    changeValid(settings.onLoss) &&
    threshold(settings.stopOnProfit) &&
    threshold(settings.stopOnLoss)
  )
}

/**
 * `value` changed by a percentage: multiplied by (10,000 ± bp) / 10,000 and rounded half up to a
 * whole minor unit (exact integer arithmetic: 1.005 RUB is 101 kopecks, 1.004 is 100), so a change
 * too small to move one minor unit leaves it as it is. The kit's one rounding rule: a bet's amount
 * and each chip of a stake-based game's layout both go through it.
 */
export function scaleMinor(value: Minor, change: PercentChange): Minor {
  const factor = change.kind === 'increase' ? 10_000 + change.bp : 10_000 - change.bp
  const scaled = value * factor
  const whole = Math.floor(scaled / 10_000)
  return ((scaled - whole * 10_000) * 2 >= 10_000 ? whole + 1 : whole) as Minor
}

/**
 * The amount after a bet: `reset` gives the base amount; a change scales the current amount
 * ({@link scaleMinor}). The result is clamped into the currency's bet range of the game: it never
 * goes below `limits.min` nor above `limits.max`.
 */
export function nextAmount(
  current: Minor,
  base: Minor,
  change: AmountChange,
  limits: AmountLimits,
): Minor {
  if (change.kind === 'reset') return base
  return Math.min(limits.max, Math.max(limits.min, scaleMinor(current, change))) as Minor
}

/**
 * A stake split over parts (roulette's chips) changed by a percentage: each part scaled by
 * {@link scaleMinor} and raised to `limits.min` where it falls below it (the smallest chip the
 * game takes). Null when the parts' total then passes `limits.max`: the layout cannot be scaled
 * within the limits (clamping the total would change the layout's proportions instead).
 */
export function scaleStakes(
  parts: readonly Minor[],
  change: PercentChange,
  limits: AmountLimits,
): Minor[] | null {
  const scaled = parts.map((part) => Math.max(limits.min, scaleMinor(part, change)) as Minor)
  const total = scaled.reduce((sum, part) => sum + part, 0)
  return total <= limits.max ? scaled : null
}

/**
 * How a stake-based game (roulette) carries its amount in its params: the bet's amount is
 * `amountOf(params)`, and a percentage change scales the params themselves (`scale`, null when
 * they cannot be brought within the limits, which stops the run as a limit). Without it the
 * amount is a number beside the params (dice).
 */
export interface InstantStakeRule<P> {
  amountOf(params: P): Minor
  scale(params: P, change: PercentChange, limits: AmountLimits): P | null
}

/** The id of the `off` state, so that nested states can end the run (`#instantAutobetOff`). */
const OFF_ID = 'instantAutobetOff'
const OFF = `#${OFF_ID}`

/**
 * An instant game's auto-bet machine: `id` names it, `paramsValid` checks the game's params, and
 * a stake-based game gives its `stake` rule (the amount is then the params' own, and a change
 * scales them).
 */
export function createInstantAutobetMachine<P>(options: {
  id: string
  paramsValid: (params: P) => boolean
  stake?: InstantStakeRule<P>
}) {
  const { id, stake } = options
  const stopBecause = (reason: InstantAutobetStopReason) => ({
    type: 'stopBecause' as const,
    params: { reason },
  })
  return setup({
    types: {
      context: {} as InstantAutobetContext<P>,
      events: {} as InstantAutobetEvent<P>,
      emitted: {} as InstantAutobetEmitted<P>,
    },
    guards: {
      settingsValid: ({ event }) =>
        event.type === 'START' &&
        instantAutobetSettingsValid(event.settings, options.paramsValid) &&
        (!stake || stake.amountOf(event.settings.params) === event.settings.amount),
      betsDone: ({ context }) =>
        context.settings?.bets != null && context.played >= context.settings.bets,
      profitReached: ({ context }) =>
        context.settings?.stopOnProfit != null && context.net >= context.settings.stopOnProfit,
      lossReached: ({ context }) =>
        context.settings?.stopOnLoss != null && -context.net >= context.settings.stopOnLoss,
      cannotScale: ({ context }) => context.params === null,
    },
    actions: {
      begin: assign(({ event }) => {
        assertEvent(event, 'START')
        const { settings } = event
        return {
          settings,
          amount: settings.amount,
          params: settings.params,
          played: 0,
          net: 0,
          stopReason: null,
        }
      }),
      requestBet: emit(({ context }) => {
        if (context.amount === null || context.params === null) {
          throw new Error(`[${id}] betting without settings`)
        }
        return { type: 'placeBet' as const, amount: context.amount, params: context.params }
      }),
      count: assign(({ context, event }) => {
        assertEvent(event, 'RESULT')
        const { settings } = context
        if (!settings) throw new Error(`[${id}] a result without settings`)
        // A payout above the stake is a win; a partial return (roulette) is a loss.
        const won = event.payout > event.stake
        const change = won ? settings.onWin : settings.onLoss
        const played = context.played + 1
        const net = context.net + event.payout - event.stake
        if (!stake) {
          const amount = nextAmount(event.stake, settings.amount, change, settings.limits)
          return { played, net, amount, params: settings.params }
        }
        if (change.kind === 'reset') {
          return { played, net, amount: settings.amount, params: settings.params }
        }
        const params = context.params && stake.scale(context.params, change, settings.limits)
        return { played, net, amount: params && stake.amountOf(params), params }
      }),
      stopBecause: assign((_, params: { reason: InstantAutobetStopReason }) => ({
        stopReason: params.reason,
      })),
      refused: assign(({ event }) => {
        assertEvent(event, 'BET_REFUSED')
        return { stopReason: event.because }
      }),
    },
  }).createMachine({
    id,
    context: { settings: null, amount: null, params: null, played: 0, net: 0, stopReason: null },
    initial: 'off',
    states: {
      off: {
        id: OFF_ID,
        on: { START: { guard: 'settingsValid', target: 'on', actions: 'begin' } },
      },
      on: {
        initial: 'betting',
        states: {
          // One bet in flight; a stop waits for its answer so that the run's net counts it.
          betting: {
            entry: 'requestBet',
            on: {
              RESULT: { target: 'checking', actions: 'count' },
              BET_REFUSED: { target: OFF, actions: 'refused' },
              STOP: { target: 'finishing', actions: stopBecause('player') },
              DISCONNECTED: { target: 'finishing', actions: stopBecause('offline') },
              HIDDEN: { target: 'finishing', actions: stopBecause('hidden') },
            },
          },
          finishing: {
            on: {
              RESULT: { target: OFF, actions: 'count' },
              BET_REFUSED: OFF,
            },
          },
          // One net result cannot reach both thresholds, so the order of the checks is free.
          checking: {
            always: [
              { guard: 'lossReached', target: OFF, actions: stopBecause('loss') },
              { guard: 'profitReached', target: OFF, actions: stopBecause('profit') },
              { guard: 'betsDone', target: OFF, actions: stopBecause('bets') },
              // A layout that cannot be scaled within the limits is not bet: a limit stop.
              { guard: 'cannotScale', target: OFF, actions: stopBecause('limit') },
              { target: 'betting' },
            ],
          },
        },
      },
    },
  })
}

/** Any instant game's auto-bet machine. */
export type InstantAutobetMachine<P> = ReturnType<typeof createInstantAutobetMachine<P>>
