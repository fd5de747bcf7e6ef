/**
 * `npm run record -- dice-autobet`: records a live dice auto-bet run from the reference server
 * (scripts/recordServer.ts) into tests/recordings. The server's seed pairs come from a public,
 * fixed source (`recordingSeeds`), so the demo player's rolls are the same every time; the
 * client's own stream code (the kit's `connectGameStream` with dice's wire) feeds the real round
 * machine, the real auto-bet machine is linked to it as the page links them, and the player's
 * only input is the run's START. Every roll, payout and balance in the file is the server's.
 * Before writing, the file is replayed through the machines and must end where the live ones did.
 */
import { createHash } from 'node:crypto'
import { createActor, type SnapshotFrom } from 'xstate'
import { AUTOBET_INPUT, recordedBetKey, replayDiceAutobet } from '../games/dice/autobet.replay'
import { diceClient } from '../games/dice/client'
import { diceGame } from '../games/dice/game'
import { betLimits, type Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import type { InstantAutobetSettings } from '../games/kit/instant/autobet.machine'
import { linkInstantAutobet } from '../games/kit/instant/autobetLink'
import type { DiceParams } from '../games/dice/rules'
import { instantGameModule } from '../server/games/kit/instant/module'
import { instantKit } from '../server/games/kit/instant/kit'
import type { SeedSource } from '../server/games/kit/instant/seeds'
import type { Services } from '../server/services'
import { connectLive, expectSameEnd, waitStep, withRecordingServer } from './recordServer'

/**
 * The seeds of a recording server's pairs, made afresh for each recording: public on purpose,
 * never a real server's. The demo player's first pair draws 15.85, 53.21, 1.46, 81.22, 33.31,
 * 55.48, 96.59...
 */
export function recordingSeeds(): SeedSource {
  let n = 0
  return {
    serverSeed: () =>
      createHash('sha256').update(`tessera recordings dice:server:${++n}`).digest('hex'),
    clientSeed: () => 'tessera-recordings',
  }
}

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

/** Longest the run may take. */
const RUN_TIMEOUT_MS = 30_000

/** Starts the server, plays the run and returns the recording (not yet written). */
export async function recordDiceScenario(name: DiceScenarioName): Promise<Recording> {
  const scenario: DiceScenario = DICE_SCENARIOS[name]
  const game = {
    game: instantGameModule(diceGame),
    prepare: (services: Services) => instantKit(services, { seeds: recordingSeeds() }),
  }
  return withRecordingServer(game, async (server) => {
    const start = { currency: server.currency, balance: server.balance }
    const client = connectLive(server, {
      service: 'dice',
      description: scenario.description,
      wire: diceClient.streamWire,
      namespace: diceGame.namespace,
      start: (transport) => {
        const round = createActor(
          diceClient.roundMachine.provide({ actors: diceClient.commandActors(transport) }),
          { input: start },
        ).start()
        const autobet = createActor(diceClient.autobetMachine).start()
        let n = 0
        const unlink = linkInstantAutobet({ round, autobet, newKey: () => recordedBetKey(++n) })
        return {
          round,
          autobet,
          send: (event) => round.send(event as Parameters<typeof round.send>[0]),
          stop() {
            unlink()
            autobet.stop()
            round.stop()
          },
        }
      },
    })
    const { round, autobet } = client.machines
    await waitStep(
      round,
      (s) => s.context.connected && s.context.seeds !== null,
      'the player snapshot',
      RUN_TIMEOUT_MS,
    )
    const intent = { type: 'START' as const, settings: scenario.settings }
    client.recorder.input(intent, AUTOBET_INPUT)
    autobet.send(intent)
    await waitStep(autobet, (s) => s.matches('off'), 'the run to stop', RUN_TIMEOUT_MS)
    const recording = client.recording()
    await checkReplay(recording, start, round.getSnapshot(), autobet.getSnapshot())
    return recording
  })
}

/** Replays `recording` through the machines; they must end where the live ones ended. */
async function checkReplay(
  recording: Recording,
  start: Parameters<typeof replayDiceAutobet>[1],
  round: SnapshotFrom<typeof diceClient.roundMachine>,
  autobet: SnapshotFrom<typeof diceClient.autobetMachine>,
): Promise<void> {
  const result = await replayDiceAutobet(recording, start)
  const summary = (
    r: SnapshotFrom<typeof diceClient.roundMachine>,
    a: SnapshotFrom<typeof diceClient.autobetMachine>,
  ) => ({
    balance: r.context.balance,
    last: r.context.last,
    autobet: a.value,
    played: a.context.played,
    net: a.context.net,
    stopReason: a.context.stopReason,
  })
  expectSameEnd(summary(round, autobet), summary(result.round.snapshot, result.autobet))
}
