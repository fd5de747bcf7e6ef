/**
 * `npm run record -- hilo-lost`: records a live hilo round that is lost, from the reference
 * server into tests/recordings. The recording seeds (`recordingSeeds`, public) make the demo
 * player's cards the same every time (4♦ 2♠ 7♣ 8♦ 10♠ …): the player opens a round of 1 RUB,
 * skips the 4♦, guesses higher or same on the 2♠ and the 7♣ (both correct), then lower or same
 * on the 8♦, and the 10♠ loses the round.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import type { Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import { hiloClient } from '../games/hilo/client'
import { hiloGame } from '../games/hilo/game'
import type { HiloMove } from '../games/hilo/rules'
import type { CommandKey } from '../games/kit/protocol'
import { instantKit } from '../server/games/kit/instant/kit'
import { statefulGameModule } from '../server/games/kit/stateful/module'
import type { Services } from '../server/services'
import { recordingSeeds } from './recordAutobet'
import { connectLive, expectSameEnd, recordedPlayer, withRecordingServer } from './recordServer'

/** What the file shows (its `meta.description`). */
const DESCRIPTION =
  'Live: a hilo round of 1 RUB on the public recording seeds: a skip of the 4♦, higher or same ' +
  'on the 2♠ and the 7♣ (correct, 1.07x then 1.97x), lower or same on the 8♦: the 10♠ loses it.'

/** The player's moves, in order (the seeds decide the cards; the last move loses). */
export const HILO_LOST_MOVES: readonly HiloMove[] = [
  'skip',
  'higherOrSame',
  'higherOrSame',
  'lowerOrSame',
]

/** The idempotency key of the recorded round's command `n` (0 opens it). */
export const hiloRecordedKey = (n: number) => `rec-hilo-lost-${n}` as CommandKey

type HiloSnapshot = SnapshotFrom<typeof hiloClient.roundMachine>

/** Starts the server, plays the lost round and returns the recording (not yet written). */
export async function recordHiloLost(): Promise<Recording> {
  const game = {
    game: statefulGameModule(hiloGame),
    prepare: (services: Services) => instantKit(services, { seeds: recordingSeeds() }),
  }
  return withRecordingServer(game, async (server) => {
    const client = connectLive(server, {
      service: hiloGame.service,
      description: DESCRIPTION,
      wire: hiloClient.streamWire,
      namespace: hiloGame.namespace,
      start: (transport) =>
        createActor(
          hiloClient.roundMachine.provide({ actors: hiloClient.commandActors(transport) }),
          {
            input: { currency: server.currency, balance: server.balance },
          },
        ).start(),
    })
    const actor = client.machines
    const player = recordedPlayer(client, actor)
    await player.until((s) => s.context.seeds !== null, 'the snapshot')
    player.send({ type: 'OPEN', key: hiloRecordedKey(0), amount: 100 as Minor, params: {} })
    await player.until((s) => s.matches('open'), 'the round to open')
    for (const [i, move] of HILO_LOST_MOVES.entries()) {
      const n = i + 1
      player.send({ type: 'STEP', key: hiloRecordedKey(n), action: { move } })
      await player.until(
        (s) => (s.matches('open') || s.matches('settled')) && s.context.round?.step === n,
        `step ${n}`,
      )
    }
    const live = actor.getSnapshot()
    if (live.context.round?.status !== 'lost')
      throw new Error('[record] the hilo round was not lost')
    const recording = client.recording()
    const { replayHilo } = await import('../games/hilo/round.replay')
    const replayed = await replayHilo(recording)
    expectSameEnd(summary(live), summary(replayed.snapshot))
    return recording
  })
}

/** What the live and the replayed machine must agree on. */
function summary(snapshot: HiloSnapshot) {
  const { round, balance, recent } = snapshot.context
  return { value: snapshot.value, balance, round, recent }
}

/** The hilo scenarios, by the name `npm run record` takes. */
export const HILO_SCENARIOS = { 'hilo-lost': { file: 'hilo-lost.json' } } as const

/** A hilo scenario's name. */
export type HiloScenarioName = keyof typeof HILO_SCENARIOS

/** Records the hilo scenario `name` (there is one: the lost round). */
export function recordHiloScenario(name: HiloScenarioName): Promise<Recording> {
  if (name !== 'hilo-lost') throw new Error(`[record] unknown hilo scenario ${String(name)}`)
  return recordHiloLost()
}
