/**
 * `npm run record -- dice-autobet`: records a live dice auto-bet run from the reference server
 * into tests/recordings (`recordAutobet.ts` plays and checks it). The public recording seeds make
 * the demo player's rolls the same every time; this file holds only dice's scenarios.
 */
import { AUTOBET_INPUT, recordedBetKey, replayDiceAutobet } from '../games/dice/autobet.replay'
import { diceClient } from '../games/dice/client'
import type { DiceParams } from '../games/dice/rules'
import { betLimits, type Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import type { InstantAutobetSettings } from '../games/kit/instant/autobet.machine'
import { recordAutobetRun } from './recordAutobet'

/** One recordable dice auto-bet run: its file, what it shows, and the run's settings. */
export interface DiceScenario {
  readonly file: string
  readonly description: string
  readonly settings: InstantAutobetSettings<DiceParams>
}

/** The dice scenarios, by the name `npm run record` takes. */
export const DICE_SCENARIOS = {
  'dice-autobet': {
    file: 'dice-autobet-stop-on-profit.json',
    description:
      'Live: a dice auto-bet run of 10 bets of 1 RUB over 50.50, doubled after a loss and reset ' +
      'after a win, stopping on a net profit of 3 RUB (at the sixth bet with the recording seeds).',
    settings: {
      bets: 10,
      amount: 100 as Minor,
      onWin: { kind: 'reset' },
      onLoss: { kind: 'increase', bp: 10_000 },
      stopOnProfit: 300 as Minor,
      stopOnLoss: null,
      params: { direction: 'over', target: 5050 },
      limits: betLimits('dice', 'RUB'),
    },
  },
} as const satisfies Record<string, DiceScenario>

/** A dice scenario's name. */
export type DiceScenarioName = keyof typeof DICE_SCENARIOS

/** Starts the server, plays the run and returns the recording (not yet written). */
export async function recordDiceScenario(name: DiceScenarioName): Promise<Recording> {
  const scenario: DiceScenario = DICE_SCENARIOS[name]
  return recordAutobetRun({
    client: diceClient,
    description: scenario.description,
    settings: scenario.settings,
    input: AUTOBET_INPUT,
    newKey: recordedBetKey,
    replay: replayDiceAutobet,
  })
}
