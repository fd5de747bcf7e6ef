/**
 * `npm run record` for cases: a live opening of three cases of the demo case "pocket" against
 * the reference server (`recordServer.ts`), the client's own stream code feeding the cases round
 * machine, the stream's tap and the machine's transport recorded. The table's hash the opening
 * names is read from the server's catalogue, as the case page reads it. Every ticket, item,
 * balance and nonce in the file is the server's. Before writing, the file is replayed through the
 * machine and must end where the live one ended.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import { CASES_PATH, caseResponse } from '../contract'
import { casesClient } from '../games/cases/client'
import type { CaseParams } from '../games/cases/rules'
import type { Minor } from '../games/engine/money'
import { replay, type Recording } from '../games/engine/replay'
import type { InstantRoundEvent } from '../games/kit/instant/round.machine'
import type { CommandKey } from '../games/kit/protocol'
import { casesGame } from '../games/cases/game'
import { casesServerParts } from '../server/games/cases'
import { instantGameModule } from '../server/games/kit/instant/module'
import {
  connectLive,
  expectSameEnd,
  recordedPlayer,
  withRecordingServer,
  type Player,
} from './recordServer'

const casesRoundMachine = casesClient.roundMachine
const casesCommandActors = casesClient.commandActors
type CasesSnapshot = SnapshotFrom<typeof casesRoundMachine>
type CasesIntent = Extract<InstantRoundEvent<CaseParams>, { type: 'BET' | 'SKIP' | 'SET_INSTANT' }>

/** What a cases scenario's player can do and see, and the case they open. */
export type CasesSession = Player<CasesIntent, CasesSnapshot> & { table: string; price: Minor }

/** One recordable cases session: its file, what it shows and the player's part. */
export interface CasesScenario {
  readonly file: string
  readonly description: string
  readonly play: (session: CasesSession) => Promise<void>
}

/** The cases scenarios, by the name `npm run record` takes. */
export const CASES_SCENARIOS = {
  'cases-three': {
    file: 'cases-three.json',
    description:
      'Live: three cases of the demo case "pocket" (50 RUB each) opened at once: one bet of ' +
      '150 RUB, three tickets from floats 0-2 of one nonce, revealed in full.',
    play: async (s) => {
      await s.until((snap) => snap.context.seeds !== null, 'the player snapshot')
      s.send({
        type: 'BET',
        key: 'rec-cases-three-0001' as CommandKey,
        amount: (s.price * 3) as Minor,
        params: { case: 'pocket', table: s.table, count: 3 },
      })
      await s.until((snap) => snap.matches('settled'), 'the opening to be revealed')
      // An input after the reveal, so the file's time runs past it and its replay settles too.
      s.send({ type: 'SET_INSTANT', instant: false })
    },
  },
} as const satisfies Record<string, CasesScenario>

/** A cases scenario's name. */
export type CasesScenarioName = keyof typeof CASES_SCENARIOS

/** Starts the server, plays `name` against it and returns the recording (not yet written). */
export async function recordCasesScenario(name: CasesScenarioName): Promise<Recording> {
  const scenario: CasesScenario = CASES_SCENARIOS[name]
  return withRecordingServer(
    { game: instantGameModule(casesGame, casesServerParts) },
    async (server) => {
      const answer = await fetch(`${server.origin}${CASES_PATH}/pocket`)
      if (!answer.ok) throw new Error(`[record] the case "pocket": ${answer.status}`)
      const pocket = caseResponse.parse(await answer.json())
      const client = connectLive(server, {
        service: 'cases',
        description: scenario.description,
        wire: casesClient.streamWire,
        namespace: casesClient.game.namespace,
        start: (transport) =>
          createActor(casesRoundMachine.provide({ actors: casesCommandActors(transport) }), {
            input: { currency: server.currency, balance: server.balance },
          }).start(),
      })
      await scenario.play({
        ...recordedPlayer(client, client.machines),
        table: pocket.table_hash,
        price: pocket.price,
      })
      const recording = client.recording()
      await checkReplay(recording, client.machines.getSnapshot())
      return recording
    },
  )
}

/** Replays `recording` through the machine; it must end in the live machine's state. */
async function checkReplay(recording: Recording, live: CasesSnapshot): Promise<void> {
  const result = await replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(casesRoundMachine.provide({ actors: casesCommandActors(transport) }), {
        clock,
        input: { currency: live.context.currency, balance: null },
      }),
    toEvent: (event) => casesClient.eventFromStream(event.name, event.payload),
  })
  const summary = (value: unknown, context: CasesSnapshot['context']) => ({
    value,
    balance: context.balance,
    recent: context.recent,
    seeds: context.seeds,
  })
  expectSameEnd(summary(live.value, live.context), summary(result.snapshot.value, result.context))
}
