/**
 * ledger: settled bets per second through the real bet path of the ledger (hold the stake, then
 * settle a win or a loss: two serializable, idempotent transactions with double-entry postings),
 * on PGlite and on PostgreSQL, each against a bare single-row INSERT baseline on the same database
 * in the same run. Bets run from several concurrent workers, each for its own player, as a game
 * server would issue them; wins and losses alternate, so the house account is contended as in play.
 * The ledger's default path (group commit: the movements waiting while a batch runs go as one
 * transaction) is the headline figure; the previous path, one transaction per movement, is
 * measured in the same run, in alternating slices, as a reference.
 *
 * LEDGER_BENCH_WORKERS (default 8) sets the concurrent bettors, e.g. 64 for a crash settling a
 * full round at once; LEDGER_BENCH_IN_FLIGHT sets the group commit's batches in flight
 * (`LedgerOptions.batchesInFlight`) to compare with the default.
 */
import { openDb } from '../server/db/open'
import { migrate } from '../server/db/migrate'
import { sqlState, type Db } from '../server/db/db'
import { insertUser } from '../server/auth/users'
import { Ledger } from '../server/ledger'
import { findPgBin, startPgTestServer } from '../scripts/pg-test-server'
import type { Benchmark, Figure } from './harness'

const WORKERS = Number(process.env.LEDGER_BENCH_WORKERS ?? 8)
const SECONDS = 5
/**
 * Each subject runs SECONDS in all, in SLICES turns taken in rotation (baseline, one transaction
 * per movement, group commit, baseline, ...), so a burst of load from other work on this shared
 * machine falls on all of them alike instead of on whichever happened to run then.
 */
const SLICES = 5

/** Something measured: `op` is run from WORKERS concurrent loops; `i` counts per worker. */
interface Subject {
  op: (worker: number, i: number) => Promise<void>
  done: number
  ms: number
  next: number[]
}

const subject = (op: Subject['op']): Subject => ({
  op,
  done: 0,
  ms: 0,
  next: Array.from({ length: WORKERS }, () => 0),
})

/** Runs the subjects in rotation, SECONDS each in all; returns operations per second of each. */
async function throughputs(subjects: Subject[]): Promise<number[]> {
  for (let slice = 0; slice < SLICES; slice++) {
    for (const s of subjects) {
      const started = performance.now()
      const deadline = started + (SECONDS * 1000) / SLICES
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, worker) => {
          while (performance.now() < deadline) {
            await s.op(worker, s.next[worker]!++)
            s.done++
          }
        }),
      )
      s.ms += performance.now() - started
    }
  }
  return subjects.map((s) => Math.round(s.done / (s.ms / 1000)))
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

  const alone = new Bettor(new Ledger(db, { groupCommit: false }), players, `${label}-alone`)
  const inFlight = process.env.LEDGER_BENCH_IN_FLIGHT
  const grouped = new Bettor(
    new Ledger(db, inFlight ? { batchesInFlight: Number(inFlight) } : {}),
    players,
    `${label}-group`,
  )
  const [baseline = 0, alonePerSecond = 0, groupedPerSecond = 0] = await throughputs([
    subject(async (_w, i) => {
      await db.query('INSERT INTO bench_baseline (amount) VALUES ($1)', [i])
    }),
    subject((w, i) => alone.bet(w, i)),
    subject((w, i) => grouped.bet(w, i)),
  ])
  const ratio = (n: number) => Math.round((n / baseline) * 1000) / 1000
  const { batches, movements } = grouped.ledger.batchStats()
  return [
    ...grouped.figures(label, groupedPerSecond, baseline),
    { name: `${label}: bare insert (baseline)`, value: baseline, unit: '/s' },
    { name: `${label}: bets vs bare insert`, value: ratio(groupedPerSecond), unit: 'x' },
    {
      name: `${label}: movements per batch`,
      value: batches === 0 ? 0 : Math.round((movements / batches) * 10) / 10,
      unit: '',
      note: 'group commit: movements applied per transaction, on average',
    },
    ...alone.figures(`${label}, one transaction per movement`, alonePerSecond, baseline),
    {
      name: `${label}, one transaction per movement: bets vs bare insert`,
      value: ratio(alonePerSecond),
      unit: 'x',
    },
  ]
}

/** Bets hold + settle through one ledger, each worker for its own player. */
class Bettor {
  /** Bets that still conflicted after every retry (rolled back, no money moved). */
  refused = 0
  settled = 0

  constructor(
    readonly ledger: Ledger,
    private readonly players: readonly number[],
    private readonly tag: string,
  ) {}

  async bet(worker: number, i: number): Promise<void> {
    const key = `bench-${this.tag}-${worker}-${i}`
    try {
      const { holdId } = await this.ledger.hold({
        userId: this.players[worker]!,
        currency: 'RUB',
        amount: 1000,
        key: `${key}-hold`,
        reference: key,
      })
      await this.ledger.settle({ holdId, payout: i % 2 === 0 ? 0 : 2000, key: `${key}-settle` })
      this.settled++
    } catch (err) {
      // Counted, not hidden: a refused bet is what a player would see.
      if (sqlState(err) !== '40001') throw err
      this.refused++
    }
  }

  figures(label: string, perSecond: number, baseline: number): Figure[] {
    const retries = this.settled === 0 ? 0 : this.ledger.retries / this.settled
    return [
      {
        name: `${label}: bets refused after all retries`,
        value: this.refused,
        unit: 'bets',
        budget: 0,
      },
      {
        name: `${label}: retried attempts per settled bet`,
        value: Math.round(retries * 1000) / 1000,
        unit: 'x',
        note: 'movements retried after a serialization failure (two movements per bet)',
      },
      { name: `${label}: settled bets`, value: perSecond, unit: '/s', baseline },
    ]
  }
}

/** Puts the throughput floor of the benchmarks issue on the settled-bets figure. */
function withBudget(figures: Figure[], label: string, perSecond: number): Figure[] {
  return figures.map((f) =>
    f.name === `${label}: settled bets` ? { ...f, budget: perSecond, atLeast: true } : f,
  )
}

export const ledgerBench: Benchmark = {
  name: 'ledger',
  description: `Settled bets per second (hold + settle) from ${WORKERS} concurrent workers, ${SECONDS} s per subject in ${SLICES} alternating slices, on PGlite and PostgreSQL: group commit (the default) and one transaction per movement, against a bare insert on the same database.`,
  async run() {
    const figures: Figure[] = []
    const lite = await openDb({ dataDir: 'memory://' })
    try {
      figures.push(...withBudget(await measure(lite, 'PGlite'), 'PGlite', 500))
    } finally {
      await lite.close()
    }
    if (!findPgBin()) {
      console.warn('[bench/ledger] PostgreSQL binaries not found: PostgreSQL figures skipped')
    } else {
      const server = await startPgTestServer()
      const pg = await openDb({ databaseUrl: server.url, dataDir: '' })
      try {
        figures.push(...withBudget(await measure(pg, 'PostgreSQL'), 'PostgreSQL', 2000))
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
        batchesInFlight: process.env.LEDGER_BENCH_IN_FLIGHT ?? 'default',
        slices: SLICES,
        seconds: SECONDS,
        postgres: 'throwaway cluster with fsync=off and synchronous_commit=off, as in the tests',
      },
    }
  },
}
