/**
 * `npm run record`: records a live crash session (this file), an instant game's session
 * (`recordInstant.ts`: roulette), a dice or keno auto-bet run (`recordDice.ts`,
 * `recordKeno.ts`), a cases opening (`recordCases.ts`) or a room's round seen by a player and a
 * guest (`recordRooms.ts`) from the reference server into tests/recordings.
 *
 *   npm run record -- <scenario | all> [--out <file>]
 *
 * The real server starts in-process (throwaway `memory://` database, sandbox mode, the demo
 * account, short rounds, a fixed public chain seed), a player logs in through the HTTP API, and
 * the client's own stream code (the kit's `connectGameStream` over games/engine/stream, crash's wire)
 * feeds the real round machine while the tap and the recorder capture what the machine saw. The
 * script only plays the player's part; every outcome, time and balance in the file is the server's.
 * Before writing, the file is replayed through the machine and must end where the live one ended.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createActor, type SnapshotFrom } from 'xstate'
import { crashWire, type CommandKey } from '../games/crash/protocol'
import { crashRoundMachine } from '../games/crash/round.machine'
import type { CrashIntent } from '../games/crash/round.model'
import { MIN_AUTO_CASHOUT, multiplierAt, type Multiplier } from '../games/crash/rules'
import { CRASH_NAMESPACE, crashCommandActors, crashEventFromStream } from '../games/crash/stream'
import type { CrashPoint } from '../games/engine/fairness'
import type { Minor } from '../games/engine/money'
import { replay, type Recording } from '../games/engine/replay'
import { crashModule } from '../server/games/crash'
import { CASES_SCENARIOS, recordCasesScenario, type CasesScenarioName } from './recordCases'
import {
  COINFLIP_SCENARIOS,
  recordCoinflipScenario,
  type CoinflipScenarioName,
} from './recordCoinflip'
import { DICE_SCENARIOS, recordDiceScenario, type DiceScenarioName } from './recordDice'
import { INSTANT_SCENARIOS, recordInstantScenario, type InstantScenarioName } from './recordInstant'
import { HILO_SCENARIOS, recordHiloScenario, type HiloScenarioName } from './recordHilo'
import { KENO_SCENARIOS, recordKenoScenario, type KenoScenarioName } from './recordKeno'
import { MINER_SCENARIOS, recordMinerScenario, type MinerScenarioName } from './recordMiner'
import {
  recordRoomsScenario,
  ROOMS_SCENARIOS,
  type RecordedSockets,
  type RoomsScenarioName,
} from './recordRooms'
import {
  connectLive,
  expectSameEnd,
  recordedPlayer,
  withRecordingServer,
  type Player,
} from './recordServer'

/** The chain every recording plays: public on purpose, never a real server's. Game 1 is 2.37x. */
export const RECORDING_CHAIN = {
  seedHash: createHash('sha256').update('tessera recordings 6').digest('hex'),
  salt: createHash('sha256').update('tessera recordings salt').digest('hex'),
  length: 100,
} as const

/** Round timings of the recording server: short, so a session takes seconds. */
export const RECORDING_TIMINGS = { bettingMs: 3000, pauseMs: 1000 } as const

/** What a scenario's player does, given the live session. */
interface Play {
  (session: LiveSession): Promise<void>
}

/** One recordable session: its file, what it shows, which rounds suit it and the player's part. */
export interface Scenario {
  readonly file: string
  readonly description: string
  /** Whether a round with this crash point suits the scenario (read from the server's chain). */
  readonly fits: (crashPoint: CrashPoint) => boolean
  readonly play: Play
}

/** Stake of every recorded bet: 100 RUB. */
const STAKE = 10_000 as Minor

/** The scenarios the replay tests need, by the name `npm run record` takes. */
export const SCENARIOS = {
  'bet-and-cash-out': {
    file: 'crash-bet-and-cash-out.json',
    description: 'Live: bet 100 RUB, cash out by hand at about 1.50x, the round crashes later.',
    fits: (crash) => crash >= 160,
    play: async (s) => {
      await s.bet('rec-cash-out-bet-0001', null)
      await s.untilMultiplier(150)
      s.send({ type: 'CASH_OUT', key: 'rec-cash-out-cash-0001' as CommandKey })
      await s.until((snap) => snap.matches({ bet: 'cashedOut', round: 'crashed' }), 'the crash')
    },
  },
  'disconnect-mid-round': {
    file: 'crash-disconnect-mid-round.json',
    description:
      'Live: bet 100 RUB, the transport drops at about 1.20x, the client reconnects and recovers ' +
      'the round with the bet standing, then cashes out at about 1.60x.',
    fits: (crash) => crash >= 200,
    play: async (s) => {
      await s.bet('rec-drop-bet-0001', null)
      await s.untilMultiplier(120)
      s.dropTransport()
      await s.until((snap) => snap.matches({ round: 'offline' }), 'the drop')
      await s.until((snap) => snap.matches({ round: 'running', bet: 'placed' }), 'recovery')
      await s.untilMultiplier(160)
      s.send({ type: 'CASH_OUT', key: 'rec-drop-cash-0001' as CommandKey })
      await s.until((snap) => snap.matches({ bet: 'cashedOut', round: 'crashed' }), 'the crash')
    },
  },
  'auto-cashout-races-crash': {
    file: 'crash-auto-cashout-races-crash.json',
    description:
      'Live: bet 100 RUB with auto cash-out 0.01x below the round crash point (read from the ' +
      'server chain), so the server cashes out just before the crash.',
    fits: (crash) => autoCashoutBelow(crash) !== null,
    play: async (s) => {
      const target = autoCashoutBelow(s.upcomingCrashPoint())
      if (target === null) throw new Error('[record] the round does not suit an auto cash-out')
      await s.bet('rec-auto-bet-0001', target)
      await s.until(
        (snap) => snap.matches({ bet: 'cashedOut', round: 'crashed' }) && s.settledSeen(),
        'the crash and the settlement',
      )
    },
  },
} as const satisfies Record<string, Scenario>

/** A scenario's name. */
export type ScenarioName = keyof typeof SCENARIOS

/** The auto cash-out target 0.01x below `crashPoint`, or null when that is below the minimum. */
export function autoCashoutBelow(crashPoint: number): Multiplier | null {
  const target = crashPoint - 1
  return target >= MIN_AUTO_CASHOUT ? (target as Multiplier) : null
}

/** Any scenario's name: crash's, an instant game's, an auto-bet run's, a cases opening's or a coinflip round's. */
export type RecordName =
  | ScenarioName
  | InstantScenarioName
  | DiceScenarioName
  | KenoScenarioName
  | CasesScenarioName
  | CoinflipScenarioName
  | MinerScenarioName
  | HiloScenarioName
  | RoomsScenarioName

/**
 * How to record one scenario and where its file goes by default. A session of several sockets
 * (the rooms': a player and a guest) gives its main recording and the others, written beside it.
 */
interface Recordable {
  readonly file: string
  readonly record: () => Promise<Recording | RecordedSockets>
}

/** Each scenario of `table` with its recorder. */
function recordables<N extends string>(
  table: Record<N, { readonly file: string }>,
  record: (name: N) => Promise<Recording | RecordedSockets>,
): Record<N, Recordable> {
  const names = Object.keys(table) as N[]
  return Object.fromEntries(
    names.map((name) => [name, { file: table[name].file, record: () => record(name) }]),
  ) as Record<N, Recordable>
}

/** Each scenario's recorder and default file, crash's first (the order "all" records in). */
const RECORDABLE: Record<RecordName, Recordable> = {
  ...recordables(SCENARIOS, recordScenario),
  ...recordables(INSTANT_SCENARIOS, recordInstantScenario),
  ...recordables(DICE_SCENARIOS, recordDiceScenario),
  ...recordables(KENO_SCENARIOS, recordKenoScenario),
  ...recordables(CASES_SCENARIOS, recordCasesScenario),
  ...recordables(COINFLIP_SCENARIOS, recordCoinflipScenario),
  ...recordables(MINER_SCENARIOS, recordMinerScenario),
  ...recordables(HILO_SCENARIOS, recordHiloScenario),
  ...recordables(ROOMS_SCENARIOS, recordRoomsScenario),
}

/** Every scenario's name, crash's first: what "all" records. */
export const RECORD_NAMES = Object.keys(RECORDABLE) as readonly RecordName[]

export const USAGE = `Usage: npm run record -- <scenario | all> [--out <file>]
  Records a live session from an in-process reference server into tests/recordings.
  Scenarios: ${RECORD_NAMES.join(', ')}; "all" records each into its own file.
  --out  where to write (one scenario only); default tests/recordings/<the scenario's file>`

/** What the command line asks for, or why it cannot be done. */
export type RecordArgs =
  { type: 'ok'; scenarios: RecordName[]; out: string | null } | { type: 'usage'; message: string }

const isScenario = (name: string): name is RecordName => Object.hasOwn(RECORDABLE, name)

/** Parses the arguments after `npm run record --`. */
export function parseRecordArgs(argv: readonly string[]): RecordArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    })
  } catch (error) {
    return { type: 'usage', message: (error as Error).message }
  }
  const { values, positionals } = parsed
  if (values.help) return { type: 'usage', message: '' }
  if (positionals.length !== 1) return { type: 'usage', message: 'name one scenario, or all' }
  const [name = ''] = positionals
  const out = values.out ?? null
  if (name === 'all') {
    if (out !== null) return { type: 'usage', message: '--out takes one scenario, not all' }
    return { type: 'ok', scenarios: [...RECORD_NAMES], out }
  }
  if (!isScenario(name)) return { type: 'usage', message: `unknown scenario "${name}"` }
  return { type: 'ok', scenarios: [name], out }
}

/** Where a scenario is written by default. */
export function defaultOut(name: RecordName): string {
  return fileURLToPath(new URL(`../tests/recordings/${RECORDABLE[name].file}`, import.meta.url))
}

type RoundSnapshot = SnapshotFrom<typeof crashRoundMachine>

/** What a scenario's player can do and see. */
export interface LiveSession extends Player<CrashIntent, RoundSnapshot> {
  /** Waits for a betting round that suits the scenario, bets, and waits until the bet is placed. */
  bet(key: string, autoCashoutAt: Multiplier | null): Promise<void>
  /** Waits until the running round's curve reaches `multiplier` on the server clock. */
  untilMultiplier(multiplier: number): Promise<void>
  /** The crash point of the round being played, from the server's chain (operator knowledge). */
  upcomingCrashPoint(): CrashPoint
  /** Closes the player's socket transport from the server side, as a network drop would. */
  dropTransport(): void
  /** Whether a `settled` event reached the player. */
  settledSeen(): boolean
}

/** Starts the server, plays `name` against it and returns the recording (not yet written). */
export async function recordScenario(name: ScenarioName): Promise<Recording> {
  const scenario: Scenario = SCENARIOS[name]
  const crashGame = crashModule({
    ...RECORDING_TIMINGS,
    chain: { ...RECORDING_CHAIN },
    publicationPath: null,
  })
  return withRecordingServer({ game: crashGame }, async (server) => {
    const { realtime } = server
    // The server's crash loop, read for crash points and its clock.
    const crash = realtime.runtime(crashGame).crash
    const start = { currency: server.currency, balance: server.balance }
    const client = connectLive(server, {
      service: 'crash',
      description: scenario.description,
      wire: crashWire,
      namespace: CRASH_NAMESPACE,
      start: (transport) =>
        createActor(crashRoundMachine.provide({ actors: crashCommandActors(transport) }), {
          input: start,
        }).start(),
    })
    const actor = client.machines
    const player = recordedPlayer(client, actor)
    const session: LiveSession = {
      ...player,
      async bet(key, autoCashoutAt) {
        await player.until(
          (snap) =>
            snap.matches({ round: 'betting', bet: 'idle' }) &&
            scenario.fits(crash.chain.crashPointOf(crash.currentRound().game)),
          'a betting round that suits the scenario',
        )
        player.send({ type: 'BET', key: key as CommandKey, amount: STAKE, autoCashoutAt })
        await player.until((snap) => snap.matches({ bet: 'placed' }), 'the bet to be placed')
        await player.until((snap) => snap.matches({ round: 'running' }), 'the round to start')
      },
      async untilMultiplier(multiplier) {
        const { startedAt } = crash.currentRound()
        if (startedAt === null) throw new Error('[record] the round is not running')
        while (multiplierAt(crash.now() - startedAt) < multiplier) {
          await new Promise((done) => setTimeout(done, 5))
        }
      },
      upcomingCrashPoint: () => crash.chain.crashPointOf(crash.currentRound().game),
      dropTransport() {
        const sockets = [...realtime.io.of(crashGame.namespace).sockets.values()]
        if (sockets.length !== 1) throw new Error(`[record] ${sockets.length} sockets, expected 1`)
        sockets[0]?.conn.close()
      },
      settledSeen: () => client.seen('settled'),
    }
    await scenario.play(session)
    const recording = client.recording()
    await checkReplay(recording, actor.getSnapshot())
    return recording
  })
}

/** Replays `recording` through the machine; it must end in the live machine's state. */
async function checkReplay(recording: Recording, live: RoundSnapshot): Promise<void> {
  const result = await replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(crashRoundMachine.provide({ actors: crashCommandActors(transport) }), {
        clock,
        input: { currency: live.context.currency, balance: live.context.balance },
      }),
    toEvent: (event) => crashEventFromStream(event.name, event.payload),
  })
  const summary = (value: unknown, context: RoundSnapshot['context']) => ({
    value,
    balance: context.balance,
    bet: context.bet,
    round: context.round,
  })
  expectSameEnd(summary(live.value, live.context), summary(result.snapshot.value, result.context))
}

/** Runs the CLI; returns the exit code. */
export async function runRecord(argv: readonly string[]): Promise<number> {
  const args = parseRecordArgs(argv)
  if (args.type === 'usage') {
    if (args.message) console.error(`record: ${args.message}\n`)
    console.error(USAGE)
    return args.message ? 2 : 0
  }
  for (const name of args.scenarios) {
    const recorded = await RECORDABLE[name].record()
    const { recording, beside } =
      'format' in recorded ? { recording: recorded, beside: {} } : recorded
    const out = args.out !== null ? resolve(args.out) : defaultOut(name)
    const files = [
      [out, recording] as const,
      ...Object.entries(beside).map(([file, other]) => [join(dirname(out), file), other] as const),
    ]
    for (const [path, written] of files) {
      writeFileSync(path, `${JSON.stringify(written, null, 2)}\n`)
      console.log(
        `${name}: ${written.events.length} events, ${written.inputs.length} inputs → ${path}`,
      )
    }
  }
  return 0
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRecord(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
