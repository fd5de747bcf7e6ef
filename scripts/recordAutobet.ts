/**
 * What `npm run record` does for an instant game's auto-bet run (`recordDice.ts`,
 * `recordKeno.ts`): the reference server (scripts/recordServer.ts) with the public recording
 * seeds (`recordingSeeds`), so the demo player's outcomes are the same every time; the client's
 * own stream code (the kit's `connectGameStream` with the game's wire) feeds the real round
 * machine, the real auto-bet machine is linked to it as the page links them, and the player's only
 * input is the run's START. Every outcome, payout and balance in the file is the server's. Before
 * writing, the file is replayed through the machines and must end where the live ones did.
 */
import { createHash } from 'node:crypto'
import { createActor, type SnapshotFrom } from 'xstate'
import type { z } from 'zod/mini'
import type { Currency, Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import type { InstantAutobetSettings } from '../games/kit/instant/autobet.machine'
import { linkInstantAutobet } from '../games/kit/instant/autobetLink'
import type { InstantClient } from '../games/kit/instant/client'
import type { CommandKey } from '../games/kit/protocol'
import { instantGameModule } from '../server/games/kit/instant/module'
import { instantKit } from '../server/games/kit/instant/kit'
import type { SeedSource } from '../server/games/kit/instant/seeds'
import type { Services } from '../server/services'
import { connectLive, expectSameEnd, waitStep, withRecordingServer } from './recordServer'

/**
 * The seeds of a recording server's pairs, made afresh for each recording: public on purpose,
 * never a real server's. The demo player's first pair draws 15.85, 53.21, 1.46, 81.22, 33.31,
 * 55.48, 96.59... (the text keeps "dice", where these seeds were first written: changing it would
 * change every committed auto-bet recording and the tests that recompute outcomes from it).
 */
export function recordingSeeds(): SeedSource {
  let n = 0
  return {
    serverSeed: () =>
      createHash('sha256').update(`tessera recordings dice:server:${++n}`).digest('hex'),
    clientSeed: () => 'tessera-recordings',
  }
}

/** Longest the run may take. */
const RUN_TIMEOUT_MS = 30_000

/** What a player starts a run with: the server's demo balance. */
type Start = { currency: Currency; balance: Minor }

/** An instant game's derived client, whatever its params and outcome. */
type AnyInstantClient<P, O> = InstantClient<string, z.ZodMiniType, z.ZodMiniType, P, O>

/** One auto-bet run of an instant game, as `recordAutobetRun` records it. */
export interface AutobetRun<P, O> {
  /** The game's client: its definition (`client.game`), wire and machines. */
  readonly client: AnyInstantClient<P, O>
  /** What the recording shows (its `meta.description`). */
  readonly description: string
  /** The run's START settings, the player's only input. */
  readonly settings: InstantAutobetSettings<P>
  /** The game's `AUTOBET_INPUT`: the input name its replay sends the START to. */
  readonly input: string
  /** The idempotency key of the n-th bet (1-based), as the game's replay makes it. */
  readonly newKey: (n: number) => CommandKey
  /** The game's replay of a recorded run (`games/<id>/autobet.replay.ts`). */
  readonly replay: (
    recording: Recording,
    start: Start,
  ) => Promise<{
    round: { snapshot: SnapshotFrom<AnyInstantClient<P, O>['roundMachine']> }
    autobet: SnapshotFrom<AnyInstantClient<P, O>['autobetMachine']>
  }>
}

/** Starts the server, plays `run` and returns the recording (not yet written). */
export async function recordAutobetRun<P, O>(run: AutobetRun<P, O>): Promise<Recording> {
  const { client: gameClient } = run
  const game = {
    game: instantGameModule(gameClient.game),
    prepare: (services: Services) => instantKit(services, { seeds: recordingSeeds() }),
  }
  return withRecordingServer(game, async (server) => {
    const start = { currency: server.currency, balance: server.balance }
    const client = connectLive(server, {
      service: gameClient.game.service,
      description: run.description,
      wire: gameClient.streamWire,
      namespace: gameClient.game.namespace,
      start: (transport) => {
        const round = createActor(
          gameClient.roundMachine.provide({ actors: gameClient.commandActors(transport) }),
          { input: start },
        ).start()
        const autobet = createActor(gameClient.autobetMachine).start()
        let n = 0
        const unlink = linkInstantAutobet({ round, autobet, newKey: () => run.newKey(++n) })
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
    const intent = { type: 'START' as const, settings: run.settings }
    client.recorder.input(intent, run.input)
    autobet.send(intent)
    await waitStep(autobet, (s) => s.matches('off'), 'the run to stop', RUN_TIMEOUT_MS)
    const recording = client.recording()
    const replayed = await run.replay(recording, start)
    expectSameEnd(
      summary(round.getSnapshot(), autobet.getSnapshot()),
      summary(replayed.round.snapshot, replayed.autobet),
    )
    return recording
  })
}

/** What a run shows at its end, compared between the live machines and their replay. */
function summary<P, O>(
  round: SnapshotFrom<AnyInstantClient<P, O>['roundMachine']>,
  autobet: SnapshotFrom<AnyInstantClient<P, O>['autobetMachine']>,
) {
  return {
    balance: round.context.balance,
    last: round.context.last,
    autobet: autobet.value,
    played: autobet.context.played,
    net: autobet.context.net,
    stopReason: autobet.context.stopReason,
  }
}
