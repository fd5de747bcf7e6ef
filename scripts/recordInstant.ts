/**
 * `npm run record` for instant games: a live session against the reference server
 * (`recordServer.ts`), the client's own stream code feeding the game's real round machine, the
 * stream's tap and the machine's transport recorded. The script plays only the player's part:
 * every outcome, balance and nonce in the file is the server's (the demo player's seed pair).
 * Before writing, the file is replayed through the machine and must end where the live one ended.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import type { Minor } from '../games/engine/money'
import { replay, type Recording } from '../games/engine/replay'
import type { InstantRoundEvent } from '../games/kit/instant/round.machine'
import type { CommandKey } from '../games/kit/protocol'
import { rouletteClient } from '../games/roulette/client'
import { rouletteGame } from '../games/roulette/game'
import type { RouletteParams } from '../games/roulette/rules'
import { instantGameModule } from '../server/games/kit/instant/module'
import {
  connectLive,
  expectSameEnd,
  recordedPlayer,
  withRecordingServer,
  type Player,
} from './recordServer'

type RouletteSnapshot = SnapshotFrom<typeof rouletteClient.roundMachine>
type RouletteIntent = Extract<
  InstantRoundEvent<RouletteParams>,
  { type: 'BET' | 'SKIP' | 'SET_INSTANT' }
>

/** What an instant scenario's player can do and see. */
export type InstantSession = Player<RouletteIntent, RouletteSnapshot>

/** One recordable instant session: its file, what it shows and the player's part. */
export interface InstantScenario {
  readonly file: string
  readonly description: string
  readonly play: (session: InstantSession) => Promise<void>
}

/** The spin every roulette recording bets: a straight, a split and red, 1 RUB each. */
export const RECORDED_SPIN: RouletteParams = {
  bets: [
    { kind: 'straight', numbers: [17], amount: 100 as Minor },
    { kind: 'split', numbers: [17, 18], amount: 100 as Minor },
    { kind: 'red', amount: 100 as Minor },
  ],
}

/** The instant scenarios, by the name `npm run record` takes. */
export const INSTANT_SCENARIOS = {
  'roulette-spin': {
    file: 'roulette-spin.json',
    description:
      'Live: a roulette spin of a straight (17), a split (17-18) and red, 1 RUB each, revealed in ' +
      'full; then the same chips spun again with instant play.',
    play: async (s) => {
      await s.until((snap) => snap.context.seeds !== null, 'the player snapshot')
      s.send({ type: 'BET', key: key('0001'), amount: 300 as Minor, params: RECORDED_SPIN })
      await s.until((snap) => snap.matches('settled'), 'the first spin to be revealed')
      s.send({ type: 'SET_INSTANT', instant: true })
      s.send({ type: 'BET', key: key('0002'), amount: 300 as Minor, params: RECORDED_SPIN })
      await s.until(
        (snap) => snap.matches('settled') && snap.context.recent.length === 2,
        'the second spin',
      )
    },
  },
} as const satisfies Record<string, InstantScenario>

/** An instant scenario's name. */
export type InstantScenarioName = keyof typeof INSTANT_SCENARIOS

const key = (n: string) => `rec-roulette-spin-${n}` as CommandKey

/** Starts the server, plays `name` against it and returns the recording (not yet written). */
export async function recordInstantScenario(name: InstantScenarioName): Promise<Recording> {
  const scenario: InstantScenario = INSTANT_SCENARIOS[name]
  return withRecordingServer({ game: instantGameModule(rouletteGame) }, async (server) => {
    const client = connectLive(server, {
      service: 'roulette',
      description: scenario.description,
      wire: rouletteClient.streamWire,
      namespace: rouletteGame.namespace,
      start: (transport) =>
        createActor(
          rouletteClient.roundMachine.provide({ actors: rouletteClient.commandActors(transport) }),
          {
            input: { currency: server.currency, balance: server.balance },
          },
        ).start(),
    })
    await scenario.play(recordedPlayer(client, client.machines))
    const recording = client.recording()
    await checkReplay(recording, client.machines.getSnapshot())
    return recording
  })
}

/** Replays `recording` through the machine; it must end in the live machine's state. */
async function checkReplay(recording: Recording, live: RouletteSnapshot): Promise<void> {
  const result = await replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(
        rouletteClient.roundMachine.provide({ actors: rouletteClient.commandActors(transport) }),
        {
          clock,
          input: { currency: live.context.currency, balance: null },
        },
      ),
    toEvent: (event) => rouletteClient.eventFromStream(event.name, event.payload),
  })
  const summary = (value: unknown, context: RouletteSnapshot['context']) => ({
    value,
    balance: context.balance,
    recent: context.recent,
    seeds: context.seeds,
  })
  expectSameEnd(summary(live.value, live.context), summary(result.snapshot.value, result.context))
}
