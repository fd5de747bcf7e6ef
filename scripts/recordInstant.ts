/**
 * `npm run record` for instant games: a live session against the reference server
 * (`recordServer.ts`), the client's own stream code feeding the game's real round machine, the
 * stream's tap and the machine's transport recorded. The script plays only the player's part:
 * every outcome, balance and nonce in the file is the server's (the demo player's seed pair).
 * Before writing, the file is replayed through the machine and must end where the live one ended.
 */
import { createActor, waitFor, type SnapshotFrom } from 'xstate'
import type { Minor } from '../games/engine/money'
import { parseRecording, replay, type Recording } from '../games/engine/replay'
import { INSTANT_PROTOCOL_VERSION } from '../games/kit/instant/protocol'
import type { InstantRoundEvent } from '../games/kit/instant/round.machine'
import type { CommandKey } from '../games/kit/protocol'
import { connectGameStream, streamTransport } from '../games/kit/stream/connectGameStream'
import { rouletteRoundMachine } from '../games/roulette/round.machine'
import type { RouletteParams } from '../games/roulette/rules'
import {
  ROULETTE_NAMESPACE,
  rouletteCommandActors,
  rouletteEventFromStream,
  rouletteStreamWire,
} from '../games/roulette/stream'
import { rouletteModule } from '../server/games/roulette'
import {
  STEP_TIMEOUT_MS,
  liveRecorder,
  recordConnection,
  recordedTransport,
  withRecordingServer,
} from './recordServer'

type RouletteSnapshot = SnapshotFrom<typeof rouletteRoundMachine>
type RouletteIntent = Extract<
  InstantRoundEvent<RouletteParams>,
  { type: 'BET' | 'SKIP' | 'SET_INSTANT' }
>

/** What an instant scenario's player can do and see. */
export interface InstantSession {
  /** Tells the machine (and the recording) a player intent. */
  send(intent: RouletteIntent): void
  /** Waits until the snapshot passes `check`. */
  until(check: (snapshot: RouletteSnapshot) => boolean, what: string): Promise<void>
}

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
  return withRecordingServer(rouletteModule(), async (server) => {
    const recorder = liveRecorder('roulette', INSTANT_PROTOCOL_VERSION, scenario.description)
    const link = streamTransport()
    const transport = recordedTransport(recorder, link.transport)
    const actor = createActor(
      rouletteRoundMachine.provide({ actors: rouletteCommandActors(transport) }),
      { input: { currency: server.currency, balance: server.balance } },
    )
    actor.start()
    server.cleanups.unshift(() => actor.stop())
    let dropped: string | null = null
    const opened = connectGameStream({
      wire: rouletteStreamWire,
      url: server.origin,
      namespace: ROULETTE_NAMESPACE,
      getToken: () => server.token,
      inbox: {
        send(event) {
          recordConnection(recorder, event)
          actor.send(event)
        },
      },
    })
    const offTap = opened.stream.onTap((record) => {
      if (record.kind !== 'event') return
      if (record.dropped) dropped ??= record.name
      recorder.received(record.name, record.payload)
    })
    link.attach(opened.stream)
    server.cleanups.unshift(() => {
      offTap()
      link.attach(null)
      opened.stop()
    })
    await scenario.play({
      send(intent) {
        recorder.input(intent)
        actor.send(intent)
      },
      async until(check, what) {
        try {
          await waitFor(actor, check, { timeout: STEP_TIMEOUT_MS })
        } catch (error) {
          throw new Error(`[record] waiting for ${what}: ${(error as Error).message}`, {
            cause: error,
          })
        }
      },
    })
    if (dropped !== null) throw new Error(`[record] the stream dropped an invalid "${dropped}"`)
    const recording = parseRecording(recorder.toRecording())
    await checkReplay(recording, actor.getSnapshot())
    return recording
  })
}

/** Replays `recording` through the machine; it must end in the live machine's state. */
async function checkReplay(recording: Recording, live: RouletteSnapshot): Promise<void> {
  const result = await replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(rouletteRoundMachine.provide({ actors: rouletteCommandActors(transport) }), {
        clock,
        input: { currency: live.context.currency, balance: null },
      }),
    toEvent: (event) => rouletteEventFromStream(event.name, event.payload),
  })
  const summary = (value: unknown, context: RouletteSnapshot['context']) =>
    JSON.stringify({
      value,
      balance: context.balance,
      recent: context.recent,
      seeds: context.seeds,
    })
  const replayed = summary(result.snapshot.value, result.context)
  const recorded = summary(live.value, live.context)
  if (replayed !== recorded) {
    throw new Error(
      `[record] the replay ended elsewhere:\n live   ${recorded}\n replay ${replayed}`,
    )
  }
}
