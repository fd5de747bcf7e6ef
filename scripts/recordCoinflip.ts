/**
 * `npm run record -- coinflip-streak`: records a live coinflip round from the reference server
 * into tests/recordings: a stake of 1 RUB, three correct calls, then a cash-out at 7.92x. The
 * server plays the public recording seeds (`recordingSeeds`), so the script, which plays the
 * player, finds the round's server seed among them by its hash and calls the sides it will flip:
 * every outcome, id and balance in the file is still the server's.
 */
import { createHash } from 'node:crypto'
import { createActor } from 'xstate'
import { coinflipClient } from '../games/coinflip/client'
import { coinflipGame } from '../games/coinflip/game'
import { sideOf, type Side } from '../games/coinflip/rules'
import { floatCursor } from '../games/engine/fairness'
import type { Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import type { CommandKey } from '../games/kit/protocol'
import { instantKit } from '../server/games/kit/instant/kit'
import { statefulGameModule } from '../server/games/kit/stateful/module'
import type { Services } from '../server/services'
import { recordingSeeds } from './recordAutobet'
import {
  connectLive,
  expectSameEnd,
  recordedPlayer,
  waitStep,
  withRecordingServer,
} from './recordServer'
import { replayCoinflipRound, summary } from '../games/coinflip/round.replay'

/** The coinflip scenarios, by the name `npm run record` takes. */
export const COINFLIP_SCENARIOS = {
  'coinflip-streak': {
    file: 'coinflip-streak.json',
    description:
      'Live: a coinflip round of 1 RUB, three correct calls (1.98x, 3.96x, 7.92x), then a ' +
      'cash-out of 7.92 RUB.',
  },
} as const

/** A coinflip scenario's name. */
export type CoinflipScenarioName = keyof typeof COINFLIP_SCENARIOS

/** The stake of the recorded round: 1 RUB. */
const STAKE = 100 as Minor
/** How many correct calls the round makes before its cash-out. */
const STREAK = 3
const TIMEOUT_MS = 30_000

/** The recording seeds' server seed that hashes to `hash` (the player's pair is among the first). */
function recordingServerSeed(hash: string): string {
  const source = recordingSeeds()
  for (let i = 0; i < 100; i++) {
    const seed = source.serverSeed()
    if (createHash('sha256').update(seed).digest('hex') === hash) return seed
  }
  throw new Error('[record] the pair is not one of the recording seeds')
}

/** Starts the server, plays the round and returns the recording (not yet written). */
export async function recordCoinflipScenario(name: CoinflipScenarioName): Promise<Recording> {
  const scenario = COINFLIP_SCENARIOS[name]
  const game = {
    game: statefulGameModule(coinflipGame),
    prepare: (services: Services) => instantKit(services, { seeds: recordingSeeds() }),
  }
  return withRecordingServer(game, async (server) => {
    const start = { currency: server.currency, balance: server.balance }
    const client = connectLive(server, {
      service: coinflipGame.service,
      description: scenario.description,
      wire: coinflipClient.streamWire,
      namespace: coinflipGame.namespace,
      start: (transport) =>
        createActor(
          coinflipClient.roundMachine.provide({ actors: coinflipClient.commandActors(transport) }),
          { input: start },
        ).start(),
    })
    const round = client.machines
    await waitStep(
      round,
      (s) => s.context.connected && s.context.seeds !== null,
      'the player snapshot',
      TIMEOUT_MS,
    )
    const seeds = round.getSnapshot().context.seeds!
    const cursor = floatCursor(
      recordingServerSeed(seeds.serverSeedHash),
      seeds.clientSeed,
      seeds.nonce,
    )
    const sides: Side[] = Array.from({ length: STREAK }, () => sideOf(cursor.next()))
    const player = recordedPlayer(client, round)
    player.send({
      type: 'OPEN',
      key: 'rec-coinflip-open-01' as CommandKey,
      amount: STAKE,
      params: {},
    })
    await player.until((s) => s.matches('open'), 'the open round')
    for (const [i, call] of sides.entries()) {
      player.send({
        type: 'STEP',
        key: `rec-coinflip-step-0${i + 1}` as CommandKey,
        action: { call },
      })
      await player.until(
        (s) => s.matches('open') && s.context.round?.step === i + 1,
        `flip ${i + 1}`,
      )
    }
    player.send({ type: 'CASHOUT', key: 'rec-coinflip-cashout-01' as CommandKey })
    await player.until((s) => s.matches('settled'), 'the cash-out')
    const recording = client.recording()
    const replayed = await replayCoinflipRound(recording)
    expectSameEnd(summary(round.getSnapshot().context), summary(replayed.context))
    return recording
  })
}
