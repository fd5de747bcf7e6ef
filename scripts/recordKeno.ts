/**
 * `npm run record -- keno-autobet`: records a live keno auto-bet run from the reference server
 * into tests/recordings (`recordAutobet.ts` plays and checks it, as for dice). The public
 * recording seeds make the demo player's draws the same every time; this file holds only keno's
 * scenarios.
 */
import { betLimits, type Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import { AUTOBET_INPUT, recordedBetKey, replayKenoAutobet } from '../games/keno/autobet.replay'
import { kenoClient } from '../games/keno/client'
import type { KenoParams } from '../games/keno/rules'
import type { InstantAutobetSettings } from '../games/kit/instant/autobet.machine'
import { recordAutobetRun } from './recordAutobet'

/** One recordable keno auto-bet run: its file, what it shows, and the run's settings. */
export interface KenoScenario {
  readonly file: string
  readonly description: string
  readonly settings: InstantAutobetSettings<KenoParams>
}

/** The keno scenarios, by the name `npm run record` takes. */
export const KENO_SCENARIOS = {
  'keno-autobet': {
    file: 'keno-autobet.json',
    description:
      'Live: a keno auto-bet run of 8 bets of 1 RUB on 5 picked numbers (3 7 11 19 23) at ' +
      'classic risk, the amount up 50 % after a loss and reset after a win.',
    settings: {
      bets: 8,
      amount: 100 as Minor,
      onWin: { kind: 'reset' },
      onLoss: { kind: 'increase', bp: 5_000 },
      stopOnProfit: null,
      stopOnLoss: null,
      params: { picks: [3, 7, 11, 19, 23], risk: 'classic' },
      limits: betLimits('keno', 'RUB'),
    },
  },
} as const satisfies Record<string, KenoScenario>

/** A keno scenario's name. */
export type KenoScenarioName = keyof typeof KENO_SCENARIOS

/** Starts the server, plays the run and returns the recording (not yet written). */
export async function recordKenoScenario(name: KenoScenarioName): Promise<Recording> {
  const scenario: KenoScenario = KENO_SCENARIOS[name]
  return recordAutobetRun({
    client: kenoClient,
    description: scenario.description,
    settings: scenario.settings,
    input: AUTOBET_INPUT,
    newKey: recordedBetKey,
    replay: replayKenoAutobet,
  })
}
