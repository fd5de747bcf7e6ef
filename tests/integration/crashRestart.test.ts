import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, type BetId, type BetRow } from '../../games/crash/protocol'
import { crashTimeMs, maxWin, msToReach, payout, type Multiplier } from '../../games/crash/rules'
import type { CrashPoint } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/db'
import type { CrashEvent } from '../../server/games/crash/CrashService'
import {
  BETTING_MS,
  PAUSE_MS,
  RecordingEmitter,
  T0,
  betCommand,
  newKey,
  newPlayer,
  startTestCrash,
} from '../../server/games/crash/testing'
import { fakeScheduler } from '../../server/games/kit/scheduler'
import type { Player, UserId } from '../../server/games/kit/player'
import { Ledger } from '../../server/ledger/ledger'
import { createServices, type Services } from '../../server/services'
import { testDrivers } from './support/drivers'
import { killableDb, type KillableDb } from './support/killable'
import { checkInvariants } from './support/ledgerInvariants'

/** How long the live bets feed batches rows. */
const FLUSH_MS = 200

type Broadcast = CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>

/**
 * The watchers of one server process: they keep every event it sends, and the process is killed
 * (`kill -9`, support/killable.ts) the instant it sends the event `killAt` picks. That event
 * reached every watcher; nothing the process does after it reaches the database or anyone.
 */
class Watchers extends RecordingEmitter {
  readonly killed: Promise<void>
  private resolveKilled!: () => void

  constructor(
    private readonly conn: KillableDb,
    private readonly killAt: (event: Broadcast) => boolean,
  ) {
    super()
    this.killed = new Promise((resolve) => (this.resolveKilled = resolve))
  }

  override broadcast(event: Broadcast): void {
    if (this.conn.dead) return
    super.broadcast(event)
    if (this.killAt(event)) this.kill()
  }

  override toUser(userId: UserId, event: CrashEvent<'settled'>): void {
    if (!this.conn.dead) super.toUser(userId, event)
  }

  kill(): void {
    this.conn.kill()
    this.resolveKilled()
  }

  /** The last row every watcher was shown for each bet of `game`. */
  rowsOf(game: number): Map<string, BetRow> {
    const rows = new Map<string, BetRow>()
    for (const e of this.ofType('bets')) {
      if (e.roundId === String(game)) for (const row of e.bets) rows.set(row.betId, row)
    }
    return rows
  }
}

/**
 * A server process killed at the exact instant it announces an outcome (a test hook, not a race
 * with timers), then a fresh process started on the same database: on each driver, everything
 * any watcher or player was told stands after the restart.
 */
describe.each(testDrivers())('crash outcomes across a kill -9 on $name', (driver) => {
  let db: Db
  let close: (() => Promise<void>) | undefined
  let services: Services

  beforeAll(async () => {
    const opened = await driver.open()
    db = opened.db
    close = opened.close
    services = createServices(loadConfig({ LOG_LEVEL: 'silent' }), db)
  }, 120_000)
  afterAll(async () => {
    await close?.()
  })
  beforeEach(async () => {
    await db.exec('DELETE FROM crash_bets; DELETE FROM crash_rounds; DELETE FROM crash_chains;')
  })

  /** One process of the crash server over `db`, on fake time from `at`. */
  async function startProcess(at: number, killAt: (event: Broadcast) => boolean = () => false) {
    const conn = killableDb(db)
    const watchers = new Watchers(conn, killAt)
    const loop = await startTestCrash(
      { ...services, db: conn.db, ledger: new Ledger(conn.db) },
      {
        emitter: watchers,
        flushMs: FLUSH_MS,
        // A killed process logs nothing: its failing writes after the kill are not its last words.
        log: { info: () => {}, error: (obj, msg) => void (conn.dead || console.error(msg, obj)) },
      },
      fakeScheduler(at),
    )
    return { ...loop, watchers }
  }
  type Process = Awaited<ReturnType<typeof startProcess>>

  /** Plays rounds until one whose crash point fits opens for bets. */
  async function roundWhere(p: Process, accept: (cp: CrashPoint) => boolean) {
    for (let i = 0; i < 100; i++) {
      const { game } = p.crash.currentRound()
      const cp = p.crash.chain.crashPointOf(game)
      if (accept(cp)) return { game, cp }
      await p.advance(BETTING_MS + crashTimeMs(cp) + PAUSE_MS)
    }
    throw new Error('no round fits')
  }

  const players = (n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await newPlayer(services, 100_000)).user))
  const betIdOf = (ack: unknown) => (ack as { betId: BetId }).betId
  const cashOut = (p: Process, user: Player, betId: BetId) =>
    p.crash.cashOut(user, { type: 'cashOut', v: PROTOCOL_VERSION, key: newKey(), betId })
  const balances = (user: Player) => services.ledger.balances(user.userId, 'RUB')
  const roundRow = async (game: number) =>
    (
      await db.query<{ phase: string; crash_point: number | null }>(
        'SELECT phase, crash_point FROM crash_rounds WHERE game = $1',
        [game],
      )
    )[0]
  /** A bet's stored outcome, its hold, and how many ledger movements closed that hold. */
  const outcomeOf = async (betId: BetId) =>
    (
      await db.query<{
        status: string
        cashout_at: number | null
        win: number | null
        hold: string
        payout: number | null
        closes: number
      }>(
        `SELECT b.status, b.cashout_at, b.win, h.status AS hold, h.payout,
           (SELECT count(*)::int FROM ledger_transactions t
            WHERE t.idempotency_key IN ('crash:settle:' || b.id, 'crash:refund:' || b.id)) AS closes
         FROM crash_bets b JOIN ledger_holds h ON h.id = b.hold_id WHERE b.id = $1`,
        [betId],
      )
    )[0]

  it.each([
    ['`crashed`', (e: Broadcast) => e.type === 'crashed'],
    [
      'the `bets` batch that shows its losses',
      (e: Broadcast) => e.type === 'bets' && e.bets.some((row) => row.status === 'lost'),
    ],
  ])(
    'keeps a round killed at %s crashed: losses stay lost, wins paid, at the announced point',
    async (_, at) => {
      let target = 0
      const first = await startProcess(T0, (e) => e.roundId === String(target) && at(e))
      const { game, cp } = await roundWhere(first, (c) => c >= 300)
      target = game
      const [lost, above, tie, early, manual, queued] = await players(6)
      const c = first.crash
      const bets = {
        lost: betIdOf(await c.placeBet(lost!, betCommand(10_000))),
        above: betIdOf(await c.placeBet(above!, betCommand(10_000, cp + 1))),
        tie: betIdOf(await c.placeBet(tie!, betCommand(10_000, cp))),
        early: betIdOf(await c.placeBet(early!, betCommand(10_000, 150))),
        manual: betIdOf(await c.placeBet(manual!, betCommand(10_000))),
      }
      await first.advance(BETTING_MS + msToReach(200))
      const out = await cashOut(first, manual!, bets.manual)
      expect(out.type).toBe('ok')
      expect(await c.placeBet(queued!, betCommand(5_000))).toMatchObject({ status: 'queued' })
      // Runs up to the crash; the process dies inside this call, which therefore never returns.
      void first.advance(crashTimeMs(cp))
      await first.watchers.killed

      // What every watcher was shown before the kill.
      const shown = first.watchers.rowsOf(game)
      const win = (at: number) => payout(10_000 as Minor, at as Multiplier, maxWin('RUB'))
      const expected = {
        lost: { status: 'lost', cashoutAt: null, win: null },
        above: { status: 'lost', cashoutAt: null, win: null },
        tie: { status: 'cashedOut', cashoutAt: cp, win: win(cp) },
        early: { status: 'cashedOut', cashoutAt: 150, win: win(150) },
        manual: {
          status: 'cashedOut',
          cashoutAt: (out as { cashoutAt: number }).cashoutAt,
          win: (out as { win: number }).win,
        },
      }
      for (const [name, id] of Object.entries(bets)) {
        expect(shown.get(id), name).toMatchObject(expected[name as keyof typeof bets])
      }

      const second = await startProcess(T0 + 3_600_000)
      await second.crash.idle()
      expect(await roundRow(game)).toEqual({ phase: 'crashed', crash_point: cp })
      const users = { lost, above, tie, early, manual }
      for (const [name, id] of Object.entries(bets)) {
        const { status, cashoutAt, win } = expected[name as keyof typeof bets]
        const paid = win ?? 0
        expect(await outcomeOf(id), name).toEqual({
          status,
          cashout_at: cashoutAt,
          win: paid,
          hold: status === 'lost' ? 'lost' : 'won',
          payout: paid,
          closes: 1,
        })
        expect(await balances(users[name as keyof typeof users]!), name).toEqual({
          real: 90_000 + paid,
          bonus: 0,
          held: 0,
        })
      }
      expect(await balances(queued!)).toEqual({ real: 95_000, bonus: 0, held: 5_000 })
      const snap = await second.crash.snapshot(null)
      expect(snap.history[0]).toMatchObject({ roundId: String(game), crashPoint: cp })
      expect(snap.round).toMatchObject({ id: String(game + 1), phase: 'betting' })
      await checkInvariants(db)
      await second.crash.stop()
    },
  )

  it('refunds a round killed before its crash point, and pays every acknowledged cash-out', async () => {
    const first = await startProcess(T0)
    const { game, cp } = await roundWhere(first, (c) => c >= 400)
    const [open, high, early, manual] = await players(4)
    const c = first.crash
    const bets = {
      open: betIdOf(await c.placeBet(open!, betCommand(10_000))),
      high: betIdOf(await c.placeBet(high!, betCommand(10_000, 350))),
      early: betIdOf(await c.placeBet(early!, betCommand(10_000, 150))),
      manual: betIdOf(await c.placeBet(manual!, betCommand(10_000))),
    }
    await first.advance(BETTING_MS + msToReach(200))
    expect(first.watchers.settled).toMatchObject([
      { userId: early!.userId, event: { status: 'cashedOut', cashoutAt: 150 } },
    ])
    const out = await cashOut(first, manual!, bets.manual)
    expect(out.type).toBe('ok')
    // Killed the instant the cash-out is acknowledged, long before the round's crash point.
    first.watchers.kill()

    const second = await startProcess(T0 + 3_600_000)
    await second.crash.idle()
    // Nobody saw this round crash: it is aborted (its point revealed) and its open bets refunded.
    expect(await roundRow(game)).toEqual({ phase: 'aborted', crash_point: cp })
    const earlyWin = payout(10_000 as Minor, 150 as Multiplier, maxWin('RUB'))
    const manualWin = (out as { win: number }).win
    const expected = {
      open: ['refunded', 0],
      high: ['refunded', 0],
      early: ['won', earlyWin],
      manual: ['won', manualWin],
    } as const
    const users = { open, high, early, manual }
    for (const [name, id] of Object.entries(bets)) {
      const [hold, paid] = expected[name as keyof typeof bets]
      expect(await outcomeOf(id), name).toMatchObject({ hold, closes: 1 })
      expect(await balances(users[name as keyof typeof users]!), name).toEqual({
        real: 90_000 + (hold === 'won' ? paid : 10_000),
        bonus: 0,
        held: 0,
      })
    }
    expect(second.crash.currentRound()).toMatchObject({ game: game + 1, phase: 'betting' })
    await checkInvariants(db)
    await second.crash.stop()
  })

  it('pays a cash-out whose row watchers were shown, though the process died before its ack', async () => {
    let target = ''
    const first = await startProcess(
      T0,
      (e) =>
        e.type === 'bets' && e.bets.some((r) => r.betId === target && r.status === 'cashedOut'),
    )
    const { game } = await roundWhere(first, (c) => c >= 400)
    const [player] = await players(1)
    const betId = betIdOf(await first.crash.placeBet(player!, betCommand(10_000)))
    target = betId
    await first.advance(BETTING_MS + msToReach(200))
    const answer = cashOut(first, player!, betId)
    // The next batch of rows goes out now: the cash-out's row may be in it only if recorded.
    void first.advance(FLUSH_MS)
    await Promise.race([answer, first.watchers.killed])
    // Recorded by now: its row goes out with this batch, and the process dies at that instant.
    void first.advance(FLUSH_MS)
    await first.watchers.killed
    const shown = first.watchers.rowsOf(game).get(betId)
    expect(shown).toMatchObject({ status: 'cashedOut' })

    const second = await startProcess(T0 + 3_600_000)
    await second.crash.idle()
    expect((await roundRow(game))?.phase).toBe('aborted')
    expect(await outcomeOf(betId)).toEqual({
      status: 'cashedOut',
      cashout_at: shown!.cashoutAt,
      win: shown!.win,
      hold: 'won',
      payout: shown!.win,
      closes: 1,
    })
    expect(await balances(player!)).toEqual({ real: 90_000 + shown!.win!, bonus: 0, held: 0 })
    await checkInvariants(db)
    await second.crash.stop()
  })

  it('never reopens for bets a round killed at its `started`', async () => {
    let target = 0
    const first = await startProcess(
      T0,
      (e) => e.type === 'started' && e.roundId === String(target),
    )
    const { game } = await roundWhere(first, () => true)
    target = game
    const [player] = await players(1)
    const betId = betIdOf(await first.crash.placeBet(player!, betCommand(10_000)))
    void first.advance(BETTING_MS)
    await first.watchers.killed

    const second = await startProcess(T0 + 3_600_000)
    await second.crash.idle()
    // Watchers saw it climbing: it is over (refunded), not betting again under the same id.
    expect((await roundRow(game))?.phase).toBe('aborted')
    expect(await outcomeOf(betId)).toMatchObject({ status: 'refunded', hold: 'refunded' })
    expect(second.crash.currentRound()).toMatchObject({ game: game + 1, phase: 'betting' })
    expect(await balances(player!)).toEqual({ real: 100_000, bonus: 0, held: 0 })
    await second.crash.stop()
  })
})
