/**
 * `npm run record -- keno-autobet`: records a live keno auto-bet run from the reference server
 * (scripts/recordServer.ts) into tests/recordings, as `recordDice.ts` does for dice: the public
 * recording seeds (`recordingSeeds`), so the demo player's draws are the same every time; the
 * client's own stream code (the kit's `connectGameStream` with keno's wire) feeds the real round
 * machine, the real auto-bet machine is linked to it as the page links them, and the player's
 * only input is the run's START. Every draw, payout and balance in the file is the server's.
 * Before writing, the file is replayed through the machines and must end where the live ones did.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import { AUTOBET_INPUT, recordedBetKey, replayKenoAutobet } from '../games/keno/autobet.replay'
import { kenoClient } from '../games/keno/client'
import { kenoGame } from '../games/keno/game'
import { betLimits, type Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import type { InstantAutobetSettings } from '../games/kit/instant/autobet.machine'
import { linkInstantAutobet } from '../games/kit/instant/autobetLink'
import type { KenoParams } from '../games/keno/rules'
import { instantGameModule } from '../server/games/kit/instant/module'
import { instantKit } from '../server/games/kit/instant/kit'
import type { Services } from '../server/services'
import { recordingSeeds } from './recordDice'
import { connectLive, expectSameEnd, waitStep, withRecordingServer } from './recordServer'

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

/** Longest the run may take. */
const RUN_TIMEOUT_MS = 30_000

/** Starts the server, plays the run and returns the recording (not yet written). */
export async function recordKenoScenario(name: KenoScenarioName): Promise<Recording> {
  const scenario: KenoScenario = KENO_SCENARIOS[name]
  const game = {
    game: instantGameModule(kenoGame),
    prepare: (services: Services) => instantKit(services, { seeds: recordingSeeds() }),
  }
  return withRecordingServer(game, async (server) => {
    const start = { currency: server.currency, balance: server.balance }
    const client = connectLive(server, {
      service: 'keno',
      description: scenario.description,
      wire: kenoClient.streamWire,
      namespace: kenoGame.namespace,
      start: (transport) => {
        const round = createActor(
          kenoClient.roundMachine.provide({ actors: kenoClient.commandActors(transport) }),
          { input: start },
        ).start()
        const autobet = createActor(kenoClient.autobetMachine).start()
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
  start: Parameters<typeof replayKenoAutobet>[1],
  round: SnapshotFrom<typeof kenoClient.roundMachine>,
  autobet: SnapshotFrom<typeof kenoClient.autobetMachine>,
): Promise<void> {
  const result = await replayKenoAutobet(recording, start)
  const summary = (
    r: SnapshotFrom<typeof kenoClient.roundMachine>,
    a: SnapshotFrom<typeof kenoClient.autobetMachine>,
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
