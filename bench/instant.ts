/**
 * instant: one-trip instant bets end to end (socket.io command, the kit's checks and draw, the
 * one ledger movement through the group commit, the ack back) of dice and of keno (ten picks: ten
 * floats and a draw a bet), with 50 players on PGlite and on PostgreSQL, against a bare ledger write (a deposit: one group-committed movement, no socket, no
 * bet row, no nonce) from 50 workers on the same database in the same run.
 *
 * Then a step of each stateful game (bench/statefulSteps.ts) at 200 steps/s, against a bare
 * ledger write (a deposit) paced the same way: the round trip of a step over that of the one
 * movement every step's transaction is at least as costly as.
 *
 * Two loads per game and database: saturation (each player bets again the instant its ack arrives: bets
 * per second and the round trip then), and a paced 200 bets/s spread over the players (the round
 * trip a player feels at an ordinary load). The server and the 50 clients share this process and
 * this machine's cores, so the clients' own CPU time is in every figure.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { io as connectClient, type Socket } from 'socket.io-client'
import { loadConfig } from '../server/config'
import type { Db } from '../server/db/db'
import { migrate } from '../server/db/migrate'
import { openDb } from '../server/db/open'
import { diceGame } from '../games/dice/game'
import { kenoGame } from '../games/keno/game'
import { instantGameModule, liveModule } from '../server/games/kit/instant/module'
import { statefulGameModule } from '../server/games/kit/stateful/module'
import { attachRealtime } from '../server/realtime/attach'
import { createServices, type Services } from '../server/services'
import { findPgBin, startPgTestServer } from '../scripts/pg-test-server'
import { percentile, type Benchmark, type Figure } from './harness'
import { STATEFUL_BENCH_GAMES, pacedSteps, type PlayerRounds } from './statefulSteps'

const PLAYERS = 50
const SECONDS = 5
const PACED_PER_SECOND = 200
/**
 * The instant games bet on, each with its logic's example bet (keno's: ten picks, the most to
 * draw and check).
 */
const GAMES = [diceGame, kenoGame] as const
/** One of them, with the params every bet of the benchmark carries. */
interface Game {
  readonly id: (typeof GAMES)[number]['id']
  readonly namespace: string
  readonly params: unknown
}

const quiet = { info: () => {}, error: (obj: unknown, msg: string) => console.error(msg, obj) }

interface Load {
  bets: number
  refused: number
  perSecond: number
  p50: number
  p99: number
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** One bet's round trip from `socket` (on `game`'s namespace), in ms; false when it was refused. */
async function bet(socket: Socket, game: Game, player: number, i: number, tag: string) {
  const started = performance.now()
  const ack = (await socket.timeout(10_000).emitWithAck('bet', {
    type: 'bet',
    v: 1,
    key: `bench-${tag}-${player}-${i}`,
    amount: 100,
    currency: 'RUB',
    params: game.params,
  })) as { type: string }
  return { ms: performance.now() - started, ok: ack.type === 'ok' }
}

/** Saturation: every player bets again as soon as its ack arrives, for SECONDS. */
async function saturate(sockets: Socket[], game: Game, tag: string): Promise<Load> {
  const rtts: number[] = []
  let refused = 0
  const started = performance.now()
  const deadline = started + SECONDS * 1000
  await Promise.all(
    sockets.map(async (socket, player) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const r = await bet(socket, game, player, i, tag)
        if (r.ok) rtts.push(r.ms)
        else refused++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return summary(rtts, refused, seconds)
}

/** A steady PACED_PER_SECOND bets/s, round robin over the players, for SECONDS. */
async function paced(sockets: Socket[], game: Game, tag: string): Promise<Load> {
  const rtts: number[] = []
  let refused = 0
  const total = PACED_PER_SECOND * SECONDS
  const gapMs = 1000 / PACED_PER_SECOND
  const started = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const due = started + i * gapMs
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const player = i % sockets.length
    pending.push(
      bet(sockets[player]!, game, player, i, tag).then((r) => {
        if (r.ok) rtts.push(r.ms)
        else refused++
      }),
    )
  }
  await Promise.all(pending)
  return summary(rtts, refused, (performance.now() - started) / 1000)
}

function summary(rtts: number[], refused: number, seconds: number): Load {
  return {
    bets: rtts.length,
    refused,
    perSecond: Math.round(rtts.length / seconds),
    p50: round(percentile(rtts, 50)),
    p99: round(percentile(rtts, 99)),
  }
}

/** Deposits from PLAYERS concurrent workers for SECONDS: the bare ledger write. */
async function bareWrites(services: Services, users: number[]) {
  let done = 0
  const started = performance.now()
  const deadline = started + SECONDS * 1000
  await Promise.all(
    users.map(async (userId, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await services.ledger.deposit({
          userId,
          currency: 'RUB',
          amount: 1,
          key: `bench-bare-${w}-${i}`,
        })
        done++
      }
    }),
  )
  return Math.round(done / ((performance.now() - started) / 1000))
}

/** Deposits at PACED_PER_SECOND/s round robin over the players: each write's time (ms). */
async function pacedBareWrites(services: Services, users: number[], tag: string) {
  const times: number[] = []
  const gapMs = 1000 / PACED_PER_SECOND
  const started = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < PACED_PER_SECOND * SECONDS; i++) {
    const wait = started + i * gapMs - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const t0 = performance.now()
    const userId = users[i % users.length]!
    const key = `bench-bare-${tag}-${i}`
    pending.push(
      services.ledger
        .deposit({ userId, currency: 'RUB', amount: 1, key })
        .then(() => void times.push(performance.now() - t0)),
    )
  }
  await Promise.all(pending)
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) }
}

async function measure(db: Db, label: string): Promise<{ figures: Figure[]; meta: unknown }> {
  await migrate(db)
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const services = createServices(config, db)
  const http = createServer()
  const realtime = await attachRealtime(http, services, {
    log: quiet,
    games: [
      ...GAMES.map((game) => instantGameModule(game)),
      ...STATEFUL_BENCH_GAMES.map(({ game }) => statefulGameModule(game)),
      liveModule(),
    ],
    // The benchmark is the flood the budgets exist for: lift them, the per-socket one and the
    // per-player one (50 commands/s a player would cap 50 players at 2,500 bets/s and answer
    // the rest rate_limited), and let every player hold a socket on each game's namespace from
    // this one address.
    rateLimit: { burst: 1e9, perSecond: 1e9 },
    limits: {
      ...config.sockets,
      perAddress: PLAYERS * (GAMES.length + STATEFUL_BENCH_GAMES.length),
      commandsPerSecond: 1e9,
    },
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const users: number[] = []
  /** Each game's sockets, one a player, on the game's namespace. */
  const games: Game[] = await Promise.all(
    GAMES.map(async (g) => ({
      id: g.id,
      namespace: g.namespace,
      params: (await g.logic()).example,
    })),
  )
  const sockets = new Map<Game['id'], Socket[]>(games.map((g) => [g.id, []]))
  /** Each stateful game's sockets, one a player. */
  const stepping = STATEFUL_BENCH_GAMES.map((entry) => ({ entry, sockets: [] as Socket[] }))
  const all = () => [...sockets.values(), ...stepping.map((s) => s.sockets)].flat()
  try {
    for (let p = 0; p < PLAYERS; p++) {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO users (email, register_method, currency, name)
         VALUES ($1, 'email', 'RUB', $2) RETURNING id`,
        [`bench-instant-${label}-${p}@tessera.test`, `Bencher ${p}`],
      )
      const userId = rows[0]!.id
      users.push(userId)
      await services.ledger.deposit({ userId, currency: 'RUB', amount: 1e12, key: `dep-${userId}` })
      const { token } = await services.sessions.create(userId)
      const join = async (namespace: string) => {
        const socket = connectClient(`${origin}${namespace}`, {
          auth: { token },
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
        })
        await new Promise<void>((resolve) => socket.once('snapshot', () => resolve()))
        return socket
      }
      for (const game of games) sockets.get(game.id)!.push(await join(game.namespace))
      for (const s of stepping) s.sockets.push(await join(s.entry.game.namespace))
    }
    // Warm-up: every player's seed pair made and cached, the JIT warm.
    for (const game of games) {
      const own = sockets.get(game.id)!
      await Promise.all(own.map((s, p) => bet(s, game, p, -1, `${label}-${game.id}-warm`)))
    }
    const bare = await bareWrites(services, users)
    const aims = label === 'PGlite' ? 1000 : 2000
    const figures: Figure[] = []
    const meta: Record<string, unknown> = { bare }
    for (const game of games) {
      const own = sockets.get(game.id)!
      const saturated = await saturate(own, game, `${label}-${game.id}-sat`)
      const steady = await paced(own, game, `${label}-${game.id}-paced`)
      const name = `${label} ${game.id}`
      figures.push(
        {
          name: `${name}: instant bets, saturated`,
          value: saturated.perSecond,
          unit: '/s',
          budget: aims,
          atLeast: true,
          baseline: bare,
        },
        { name: `${name}: round trip p50, saturated`, value: saturated.p50, unit: 'ms' },
        { name: `${name}: round trip p99, saturated`, value: saturated.p99, unit: 'ms' },
        {
          name: `${name}: round trip p50 at ${PACED_PER_SECOND} bets/s`,
          value: steady.p50,
          unit: 'ms',
        },
        {
          name: `${name}: round trip p99 at ${PACED_PER_SECOND} bets/s`,
          value: steady.p99,
          unit: 'ms',
          budget: 30,
        },
        {
          name: `${name}: bets refused`,
          value: saturated.refused + steady.refused,
          unit: 'bets',
          budget: 0,
        },
      )
      meta[game.id] = { saturated, steady }
    }
    const barePaced = await pacedBareWrites(services, users, label)
    meta.barePaced = barePaced
    for (const { entry, sockets: own } of stepping) {
      const id = entry.game.id
      // Warm-up: each player's first round opened and stepped once.
      const rounds: PlayerRounds = own.map(() => null)
      await pacedSteps(own, entry, `${label}-${id}-warm`, PACED_PER_SECOND, 1, rounds)
      const steps = await pacedSteps(
        own,
        entry,
        `${label}-${id}`,
        PACED_PER_SECOND,
        SECONDS,
        rounds,
      )
      const name = `${label} ${id}`
      figures.push(
        {
          name: `${name}: step round trip p50 at ${PACED_PER_SECOND} steps/s`,
          value: steps.p50,
          unit: 'ms',
          baseline: barePaced.p50,
        },
        {
          name: `${name}: step round trip p99 at ${PACED_PER_SECOND} steps/s`,
          value: steps.p99,
          unit: 'ms',
          budget: 30,
          baseline: barePaced.p99,
        },
        { name: `${name}: steps refused`, value: steps.refused, unit: 'steps', budget: 0 },
      )
      meta[id] = steps
    }
    const { batches, movements } = services.ledger.batchStats()
    figures.push(
      { name: `${label}: bare ledger write (baseline)`, value: bare, unit: '/s' },
      {
        name: `${label}: bare ledger write p99 at ${PACED_PER_SECOND}/s (baseline)`,
        value: barePaced.p99,
        unit: 'ms',
      },
      {
        name: `${label}: movements per batch`,
        value: batches === 0 ? 0 : round(movements / batches),
        unit: '',
        note: 'group commit, over the whole run (bare writes included)',
      },
    )
    return { figures, meta }
  } finally {
    for (const s of all()) s.disconnect()
    await realtime.close()
    await new Promise((resolve) => http.close(resolve))
  }
}

export const instantBench: Benchmark = {
  name: 'instant',
  description: `Instant bets of dice and keno (ten picks) and a step of each stateful game (miner, hilo, coinflip; ${PACED_PER_SECOND} steps/s) end to end (socket, checks, draw, one group-committed ledger movement, ack) from ${PLAYERS} players in this process, per game ${SECONDS} s saturated and ${SECONDS} s at ${PACED_PER_SECOND} bets/s, on PGlite and PostgreSQL, against a bare ledger write (deposit) from ${PLAYERS} workers in the same run.`,
  async run() {
    const figures: Figure[] = []
    const meta: Record<string, unknown> = { players: PLAYERS, seconds: SECONDS }
    const lite = await openDb({ dataDir: 'memory://' })
    try {
      const r = await measure(lite, 'PGlite')
      figures.push(...r.figures)
      meta.PGlite = r.meta
    } finally {
      await lite.close()
    }
    if (!findPgBin()) {
      console.warn('[bench/instant] PostgreSQL binaries not found: PostgreSQL figures skipped')
    } else {
      const server = await startPgTestServer()
      const pg = await openDb({ databaseUrl: server.url, dataDir: '' })
      try {
        const r = await measure(pg, 'PostgreSQL')
        figures.push(...r.figures)
        meta.PostgreSQL = r.meta
      } finally {
        await pg.close()
        await server.stop()
      }
    }
    meta.postgres = 'throwaway cluster with fsync=off and synchronous_commit=off, as in the tests'
    return { name: 'instant', description: this.description, figures, meta }
  },
}
