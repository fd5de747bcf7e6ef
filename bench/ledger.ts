/**
 * ledger: settled bets per second through the real bet path of the ledger (hold the stake, then
 * settle a win or a loss: two serializable, idempotent transactions with double-entry postings),
 * on PGlite and on PostgreSQL, each against a bare single-row INSERT baseline on the same database
 * in the same run. Bets run from several concurrent workers, each for its own player, as a game
 * server would issue them; wins and losses alternate, so the house account is contended as in play.
 */
import { openDb } from '../server/db/open'
import { migrate } from '../server/db/migrate'
import { sqlState, type Db } from '../server/db/db'
import { insertUser } from '../server/auth/users'
import { Ledger } from '../server/ledger'
import { findPgBin, startPgTestServer } from '../scripts/pg-test-server'
import type { Benchmark, Figure } from './harness'

const WORKERS = 8
const SECONDS = 5

/** Runs `op` from WORKERS concurrent loops for SECONDS; returns completed operations per second. */
async function throughput(op: (worker: number, i: number) => Promise<void>): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await op(worker, i)
        done++
      }
    }),
  )
  return Math.round(done / ((performance.now() - started) / 1000))
}

async function measure(db: Db, label: string): Promise<Figure[]> {
  await migrate(db)
  const ledger = new Ledger(db)
  const players: number[] = []
  for (let w = 0; w < WORKERS; w++) {
    const id = await insertUser(db, {
      email: `bench-${label}-${w}@tessera.test`,
      registerMethod: 'email',
      currency: 'RUB',
      countryCode: 'RU',
    })
    if (id === undefined) throw new Error('[bench/ledger] could not create a player')
    await ledger.deposit({
      userId: id,
      currency: 'RUB',
      amount: 1e12,
      key: `bench-dep-${label}-${w}`,
    })
    players.push(id)
  }
  await db.exec(
    'CREATE TABLE IF NOT EXISTS bench_baseline (id BIGSERIAL PRIMARY KEY, amount BIGINT)',
  )

  const baseline = await throughput(async (_w, i) => {
    await db.query('INSERT INTO bench_baseline (amount) VALUES ($1)', [i])
  })
  // A movement that still conflicts after every retry is refused (rolled back, no money moved);
  // it is counted, not hidden, since a refused bet is what a player would see.
  let refused = 0
  ledger.retries = 0
  const bets = await throughput(async (w, i) => {
    const key = `bench-${label}-${w}-${i}`
    try {
      const { holdId } = await ledger.hold({
        userId: players[w]!,
        currency: 'RUB',
        amount: 1000,
        key: `${key}-hold`,
        reference: key,
      })
      await ledger.settle({ holdId, payout: i % 2 === 0 ? 0 : 2000, key: `${key}-settle` })
    } catch (err) {
      if (sqlState(err) !== '40001') throw err
      refused++
    }
  })
  const settled = bets * SECONDS
  return [
    { name: `${label}: bets refused after all retries`, value: refused, unit: 'bets', budget: 0 },
    {
      name: `${label}: retried attempts per settled bet`,
      value: settled === 0 ? 0 : Math.round((ledger.retries / settled) * 1000) / 1000,
      unit: 'x',
      note: 'serialization failures retried (two movements per bet)',
    },
    { name: `${label}: settled bets`, value: bets, unit: '/s', baseline },
    { name: `${label}: bare insert (baseline)`, value: baseline, unit: '/s' },
    {
      name: `${label}: bets vs bare insert`,
      value: Math.round((bets / baseline) * 1000) / 1000,
      unit: 'x',
    },
  ]
}

/** Puts the throughput floor of the benchmarks issue on the settled-bets figure. */
function withBudget(figures: Figure[], perSecond: number): Figure[] {
  return figures.map((f) =>
    f.name.endsWith(': settled bets') ? { ...f, budget: perSecond, atLeast: true } : f,
  )
}

export const ledgerBench: Benchmark = {
  name: 'ledger',
  description: `Settled bets per second (hold + settle) from ${WORKERS} concurrent workers for ${SECONDS} s, on PGlite and PostgreSQL, against a bare insert on the same database.`,
  async run() {
    const figures: Figure[] = []
    const lite = await openDb({ dataDir: 'memory://' })
    try {
      figures.push(...withBudget(await measure(lite, 'PGlite'), 500))
    } finally {
      await lite.close()
    }
    if (!findPgBin()) {
      console.warn('[bench/ledger] PostgreSQL binaries not found: PostgreSQL figures skipped')
    } else {
      const server = await startPgTestServer()
      const pg = await openDb({ databaseUrl: server.url, dataDir: '' })
      try {
        figures.push(...withBudget(await measure(pg, 'PostgreSQL'), 2000))
      } finally {
        await pg.close()
        await server.stop()
      }
    }
    return {
      name: 'ledger',
      description: this.description,
      figures,
      meta: {
        workers: WORKERS,
        seconds: SECONDS,
        postgres: 'throwaway cluster with fsync=off and synchronous_commit=off, as in the tests',
      },
    }
  },
}
