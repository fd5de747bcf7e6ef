import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '../../games/crash/protocol'
import { maxWin, payout, type Multiplier } from '../../games/crash/rules'
import { MIN_CRASH_POINT, chainFrom, crashPoint } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import { openChain } from '../../server/games/crash/chainStore'
import { testDrivers } from './support/drivers'
import { checkInvariants } from './support/ledgerInvariants'
import { callApi, fundedPlayer, killedServers, type RecordingSocket } from './support/serverProcess'

/**
 * The literal `kill -9` at an announcement: a real server process (`server/main.ts`) is killed
 * with SIGKILL the instant it hands a round's `crashed` to socket.io (the test hook
 * `POST /api/test-hooks/crash/kill`, not luck of timing), then a new process is started on the
 * same database. Everything any player was told before the kill stands: the round is stored
 * crashed at its point (not aborted), the losing bet stays lost (not refunded), the acknowledged
 * and the automatic cash-outs are paid once, every hold is closed once, the ledger sums to zero.
 * It fails if `crashed` could leave before the round's end is written (kit/announcer.ts): the
 * restart then finds the round running and refunds it. The in-process kills of
 * crashRestart.test.ts cover the other instants; this one proves the real process and driver.
 *
 * PGlite runs on a data directory in a temporary folder. It survives a SIGKILL of its process as
 * PostgreSQL does: its files are the host's (Emscripten's NODEFS writes each one through to the
 * operating system, which keeps them when the process dies), and the next open replays its WAL.
 * A power cut, which also loses what the system had not yet flushed, is not what this test is.
 */

const STAKE = 10_000
const DEPOSIT = 100_000
const AUTO_AT = 110
/**
 * The reserved round's crash point: high enough that a cash-out sent at `started` lands (6.7 s of
 * climbing at 1.50x), low enough that the round is short.
 */
const RANGE = { minOutcome: 150, maxOutcome: 175 }
const CHAIN_LENGTH = 100
const SALT = 'a1'.repeat(32)

/**
 * A fixed chain whose first round crashes at once (it plays before the reserved one) and whose
 * second is in {@link RANGE}: the test waits for one short round, whatever the machine's speed.
 * Picked by computing the chain's points, so it is the chain's own outcome, not a chosen one.
 */
function quickChain(): { seedHash: string; hashes: string[] } {
  for (let i = 0; ; i++) {
    const seedHash = createHash('sha256').update(`crash-kill-${i}`).digest('hex')
    const hashes = chainFrom(seedHash, CHAIN_LENGTH)
    const first = crashPoint(hashes[1]!, SALT)
    const second = crashPoint(hashes[2]!, SALT)
    if (first === MIN_CRASH_POINT && second >= RANGE.minOutcome && second <= RANGE.maxOutcome) {
      return { seedHash, hashes }
    }
  }
}

const hookPath = (path: string) => `/test-hooks/crash/${path}`
const win = (at: number) => payout(STAKE as Minor, at as Multiplier, maxWin('RUB'))

describe.each(testDrivers().map((d) => d.name))('a crash server SIGKILLed on %s', (driver) => {
  const chain = quickChain()
  const servers = killedServers(driver, 'kill', (conn) =>
    openChain(conn, { seedHash: chain.seedHash, salt: SALT, length: CHAIN_LENGTH }),
  )
  const start = () => servers.start()
  const connect = (origin: string, token: string | null) => servers.connect(origin, '/crash', token)

  it('at `crashed` keeps every announced outcome after a restart on the same database', async () => {
    const first = await start()
    const hooks = (path: string, body: unknown) =>
      callApi<{ round: number; outcome: number }>(first.origin, 'POST', hookPath(path), { body })
    // First of all, while round 1 (which crashes at once) is open: the round reserved is round 2,
    // unless the machine stalled past round 1 (then a later one, the chain's all the same).
    const { round, outcome: cp } = await hooks('reserve', RANGE)
    expect(cp).toBe(crashPoint(chain.hashes[round]!, SALT))
    const roundId = String(round)
    await hooks('kill', { round, event: 'crashed' })

    const names = ['loser', 'manual', 'auto'] as const
    const emails = Object.fromEntries(names.map((n) => [n, `kill-${n}@tessera.test`]))
    const tokens: Record<string, string> = {}
    for (const n of names) tokens[n] = await fundedPlayer(first.origin, emails[n]!, DEPOSIT)
    const sockets: Record<string, RecordingSocket> = {}
    for (const n of names) sockets[n] = connect(first.origin, tokens[n]!)
    sockets.watcher = connect(first.origin, null)
    const opened = (name: string, p: unknown) =>
      (name === 'betting' && (p as { roundId: string }).roundId === roundId) ||
      (name === 'snapshot' &&
        (p as { round: { id: string; phase: string } }).round.id === roundId &&
        (p as { round: { phase: string } }).round.phase === 'betting')
    for (const s of Object.values(sockets)) await s.next(opened)

    const bet = async (n: (typeof names)[number], autoCashoutAt: number | null) => {
      const ack = await sockets[n]!.send('bet', {
        type: 'bet',
        v: PROTOCOL_VERSION,
        key: `kill-${n}`,
        amount: STAKE,
        currency: 'RUB',
        autoCashoutAt,
      })
      expect(ack, n).toMatchObject({ type: 'ok', roundId, status: 'placed' })
      return (ack as { betId: string }).betId
    }
    const bets = { loser: await bet('loser', null), manual: await bet('manual', null) }
    const autoBet = await bet('auto', AUTO_AT)
    const started = sockets.manual!.next(
      (name, p) => name === 'started' && (p as { roundId: string }).roundId === roundId,
    )
    await hooks('release', { round, point: 'start' })
    await started
    const cashOut = await sockets.manual!.send('cashOut', {
      type: 'cashOut',
      v: PROTOCOL_VERSION,
      key: 'kill-cash-out',
      betId: bets.manual,
    })
    expect(cashOut).toMatchObject({ type: 'ok', betId: bets.manual })
    const { cashoutAt, win: manualWin } = cashOut as { cashoutAt: number; win: number }

    // The process ends itself at the round's `crashed`: killed by the signal, nothing after it
    // (a `crashed` that reached a watcher fails the test at once rather than at its time limit).
    const crashedShown = sockets.watcher.next(
      (name, p) => name === 'crashed' && (p as { roundId: string }).roundId === roundId,
    )
    const exit = await Promise.race([first.exited, crashedShown.then(() => 'crashed was sent')])
    expect(exit, first.output()).toEqual({ code: null, signal: 'SIGKILL' })
    for (const [name, s] of Object.entries(sockets)) {
      const crashed = s.events.filter((e) => e.name === 'crashed')
      expect(
        crashed.map((e) => (e.payload as { roundId: string }).roundId),
        name,
      ).not.toContain(roundId)
      s.socket.close()
    }

    const second = await start()
    const expected = {
      loser: { status: 'lost', cashout_at: null, win: 0, hold: 'lost', payout: 0, closes: 1 },
      manual: {
        status: 'cashedOut',
        cashout_at: cashoutAt,
        win: manualWin,
        hold: 'won',
        payout: manualWin,
        closes: 1,
      },
      auto: {
        status: 'cashedOut',
        cashout_at: AUTO_AT,
        win: win(AUTO_AT),
        hold: 'won',
        payout: win(AUTO_AT),
        closes: 1,
      },
    }
    for (const n of names) {
      const { user } = await callApi<{ user: { balance: number } }>(
        second.origin,
        'GET',
        '/profile/user',
        { token: tokens[n] },
      )
      expect(user.balance, n).toBe(DEPOSIT - STAKE + expected[n].payout)
    }
    // The round ended as it would have been told: in the history, at its point.
    const watcher = connect(second.origin, null)
    const snapshot = (await watcher.next((name) => name === 'snapshot')) as {
      history: { roundId: string; crashPoint: number }[]
      round: { id: string }
    }
    watcher.socket.close()
    expect(snapshot.history[0]).toMatchObject({ roundId, crashPoint: cp })
    expect(snapshot.round.id).toBe(String(round + 1))
    second.child.kill('SIGTERM')
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null })

    const conn = await servers.db.open()
    try {
      const rounds = await conn.query(
        'SELECT phase, crash_point FROM crash_rounds WHERE game = $1',
        [round],
      )
      expect(rounds).toEqual([{ phase: 'crashed', crash_point: cp }])
      for (const n of names) {
        const rows = await conn.query(
          `SELECT b.id, b.status, b.cashout_at, b.win, h.status AS hold, h.payout,
             (SELECT count(*)::int FROM ledger_transactions t
              WHERE t.idempotency_key IN ('crash:settle:' || b.id, 'crash:refund:' || b.id)) AS closes
           FROM crash_bets b JOIN users u ON u.id = b.user_id
           JOIN ledger_holds h ON h.id = b.hold_id WHERE u.email = $1`,
          [emails[n]],
        )
        const id = n === 'auto' ? autoBet : bets[n]
        expect(rows, n).toEqual([{ id, ...expected[n] }])
      }
      expect(await conn.query(`SELECT id FROM ledger_holds WHERE status = 'open'`)).toEqual([])
      await checkInvariants(conn)
    } finally {
      await conn.close()
    }
  }, 300_000)
})
