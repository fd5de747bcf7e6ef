/**
 * `npm run record -- miner-cashout`: records a live miner round from the reference server
 * (`recordServer.ts`) into tests/recordings: the client's own stream code feeding miner's real
 * round machine, the stream's tap and the machine's transport recorded. The server plays on the
 * public recording seeds (`recordingSeeds`), so the player reads the board from them (as the
 * crash race reads the chain) only to choose safe tiles; every outcome, balance and nonce in the
 * file is the server's. Before writing, the file is replayed through the machine
 * (`games/miner/round.replay.ts`) and must end where the live round ended.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import { floatCursor } from '../games/engine/fairness'
import type { Recording } from '../games/engine/replay'
import type { StatefulRoundEvent } from '../games/kit/stateful/round.machine'
import { minerClient } from '../games/miner/client'
import type { MinerAction } from '../games/miner/protocol'
import { minerBoard, type MinerParams } from '../games/miner/rules'
import { RECORDED_ROUND, recordedKey, replayMinerRound } from '../games/miner/round.replay'
import { instantKit } from '../server/games/kit/instant/kit'
import { statefulGameModule } from '../server/games/kit/stateful/module'
import type { Services } from '../server/services'
import { recordingSeeds } from './recordAutobet'
import { connectLive, expectSameEnd, recordedPlayer, withRecordingServer } from './recordServer'

type MinerSnapshot = SnapshotFrom<typeof minerClient.roundMachine>
/** The player's intents this scenario sends. */
type MinerIntent = Extract<
  StatefulRoundEvent<MinerParams, MinerAction>,
  { type: 'OPEN' | 'STEP' | 'CASHOUT' }
>

/** The miner scenarios, by the name `npm run record` takes. */
export const MINER_SCENARIOS = {
  'miner-cashout': {
    file: 'miner-cashout.json',
    description:
      'Live: a miner round of 1 RUB on a 3-mine board: one safe tile, then two in one step, then ' +
      'a cash-out at the 3-tile multiplier (1.48x); the board is revealed at the end.',
  },
} as const satisfies Record<string, { file: string; description: string }>

/** A miner scenario's name. */
export type MinerScenarioName = keyof typeof MINER_SCENARIOS

/** The recording server's first pair: its seeds, as the public `recordingSeeds` make them. */
function firstPair() {
  const seeds = recordingSeeds()
  return { serverSeed: seeds.serverSeed(), clientSeed: seeds.clientSeed() }
}

/** Starts the server, plays the round and returns the recording (not yet written). */
export async function recordMinerScenario(name: MinerScenarioName): Promise<Recording> {
  const scenario = MINER_SCENARIOS[name]
  const params: MinerParams = RECORDED_ROUND.params
  const game = {
    game: statefulGameModule(minerClient.game),
    prepare: (services: Services) => {
      instantKit(services, { seeds: recordingSeeds() })
    },
  }
  return withRecordingServer(game, async (server) => {
    const client = connectLive(server, {
      service: 'miner',
      description: scenario.description,
      wire: minerClient.streamWire,
      namespace: minerClient.game.namespace,
      start: (transport) =>
        createActor(
          minerClient.roundMachine.provide({ actors: minerClient.commandActors(transport) }),
          { input: { currency: server.currency, balance: server.balance } },
        ).start(),
    })
    const player = recordedPlayer(client, client.machines)
    const send = (intent: MinerIntent) => player.send(intent)
    await player.until((s) => s.context.seeds !== null, 'the player snapshot')
    const { nonce } = client.machines.getSnapshot().context.seeds!
    const pair = firstPair()
    const board = minerBoard(floatCursor(pair.serverSeed, pair.clientSeed, nonce), params.mines)
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !board.includes(t))
    send({ type: 'OPEN', key: recordedKey(1), amount: RECORDED_ROUND.amount, params })
    await player.until((s) => s.matches('open'), 'the round to open')
    send({ type: 'STEP', key: recordedKey(2), action: { tiles: [safe[0]!] } })
    await player.until((s) => s.matches('open') && s.context.round?.step === 1, 'the first tile')
    send({ type: 'STEP', key: recordedKey(3), action: { tiles: [safe[1]!, safe[2]!] } })
    await player.until((s) => s.matches('open') && s.context.round?.step === 2, 'two more tiles')
    send({ type: 'CASHOUT', key: recordedKey(4) })
    await player.until((s) => s.matches('settled'), 'the cash-out')
    const recording = client.recording()
    const replayed = await replayMinerRound(recording)
    const live = client.machines.getSnapshot()
    expectSameEnd(summary(live), summary(replayed.snapshot))
    return recording
  })
}

/** What the live round and its replay must agree on. */
function summary(snapshot: Pick<MinerSnapshot, 'value' | 'context'>) {
  const { context } = snapshot
  return {
    value: snapshot.value,
    balance: context.balance,
    round: context.round,
    seeds: context.seeds,
  }
}
