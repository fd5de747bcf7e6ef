import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '../../games/crash/protocol'
import { MIN_CRASH_POINT, chainFrom, crashPoint } from '../../games/engine/fairness'
import { findPgBin } from '../../scripts/pg-test-server'
import {
  findRedisServer,
  startRedisTestServer,
  type RedisTestServer,
} from '../../scripts/redis-test-server'
import { openChain } from '../../server/games/crash/chainStore'
import { checkInvariants } from './support/ledgerInvariants'
import { callApi, fundedPlayer, killedServers, type RecordingSocket } from './support/serverProcess'

const STAKE = 10_000
const DEPOSIT = 100_000
const CHAIN_LENGTH = 100
const SALT = 'b2'.repeat(32)
/**
 * The reserved round's crash point: high enough that the round is still climbing when the test
 * has cashed out and killed its leader (3x is about 20 s of climbing), whatever the machine.
 */
const RANGE = { minOutcome: 300, maxOutcome: 2_000 }

/** A fixed chain whose first round crashes at once and whose second is in {@link RANGE}. */
function quickChain(): { seedHash: string; hashes: string[] } {
  for (let i = 0; ; i++) {
    const seedHash = createHash('sha256').update(`crash-two-${i}`).digest('hex')
    const hashes = chainFrom(seedHash, CHAIN_LENGTH)
    const first = crashPoint(hashes[1]!, SALT)
    const second = crashPoint(hashes[2]!, SALT)
    if (first === MIN_CRASH_POINT && second >= RANGE.minOutcome && second <= RANGE.maxOutcome) {
      return { seedHash, hashes }
    }
  }
}

type Roundish = { roundId?: string; round?: { id: string; phase: string } }
const roundOf = (payload: unknown) => {
  const p = payload as Roundish
  return p.roundId ?? p.round?.id
}

/**
 * Two real server processes on one PostgreSQL database and one Redis (the socket.io adapter).
 * The crash loop runs in the process holding its advisory lock, the first; the second serves its
 * sockets through it: a watcher there sees the leader's events, a player there bets and cashes
 * out through it. Killed with SIGKILL mid-round, the leader's lock goes with its connection; the
 * second takes the loop within a retry, and its recovery settles the round once: the cash-out
 * paid, the open bet refunded, the chain going on at the next game (no hash played twice).
 */
describe.skipIf(!findPgBin() || !findRedisServer())(
  'crash on two server processes on one PostgreSQL database',
  () => {
    const chain = quickChain()
    let redis: RedisTestServer
    beforeAll(async () => {
      redis = await startRedisTestServer()
    })
    afterAll(async () => redis?.stop())
    const servers = killedServers('postgresql', 'crash-two', (conn) =>
      openChain(conn, { seedHash: chain.seedHash, salt: SALT, length: CHAIN_LENGTH }),
    )
    const start = () => servers.start(undefined, { REDIS_URL: redis.url })

    it('runs the loop in one process and hands it over when that one is killed', async () => {
      const leader = await start()
      const follower = await start()
      const hooks = (path: string, body: unknown) =>
        callApi<{ round: number; outcome: number }>(
          leader.origin,
          'POST',
          `/test-hooks/crash/${path}`,
          { body },
        )
      // The leader's test hooks hold the reserved round's start: the round waits for the bets.
      const { round, outcome: cp } = await hooks('reserve', RANGE)
      expect(cp).toBe(crashPoint(chain.hashes[round]!, SALT))
      const roundId = String(round)

      const token = await fundedPlayer(follower.origin, 'crash-two@tessera.test', DEPOSIT)
      const other = await fundedPlayer(follower.origin, 'crash-two-b@tessera.test', DEPOSIT)
      const watcher = servers.connect(follower.origin, '/crash', null)
      const player = servers.connect(follower.origin, '/crash', token)
      const second = servers.connect(follower.origin, '/crash', other)
      const inRound = (name: string, payload: unknown) =>
        roundOf(payload) === roundId && (name === 'betting' || name === 'snapshot')
      for (const s of [watcher, player, second]) await s.next(inRound)

      const bet = async (s: RecordingSocket, key: string) => {
        const ack = await s.send('bet', {
          type: 'bet',
          v: PROTOCOL_VERSION,
          key,
          amount: STAKE,
          currency: 'RUB',
          autoCashoutAt: null,
        })
        expect(ack, key).toMatchObject({ type: 'ok', roundId, status: 'placed' })
        return (ack as { betId: string }).betId
      }
      const cashed = await bet(player, 'two-cashed')
      // The same key again, through the other process's relay: the same bet, debited once.
      expect(await bet(player, 'two-cashed')).toBe(cashed)
      const refunded = await bet(second, 'two-refunded')
      const started = watcher.next((name, p) => name === 'started' && roundOf(p) === roundId)
      await hooks('release', { round, point: 'start' })
      await started
      const out = await player.send('cashOut', {
        type: 'cashOut',
        v: PROTOCOL_VERSION,
        key: 'two-cash-out',
        betId: cashed,
      })
      expect(out).toMatchObject({ type: 'ok', betId: cashed })
      const win = (out as { win: number }).win
      // The watcher on the other process saw the bets of the round, as the leader batched them.
      await watcher.next(
        (name, p) =>
          name === 'bets' &&
          (p as { bets: { status: string }[] }).bets.some((b) => b.status === 'cashedOut'),
      )

      leader.child.kill('SIGKILL')
      expect(await leader.exited).toEqual({ code: null, signal: 'SIGKILL' })
      // The follower takes the loop: the next game opens, told to the watcher it already had.
      const next = String(round + 1)
      await watcher.next((name, p) => name === 'betting' && roundOf(p) === next)
      expect(
        watcher.events.some((e) => e.name === 'crashed' && roundOf(e.payload) === roundId),
      ).toBe(false)
      const balance = async (t: string) =>
        (
          await callApi<{ user: { balance: number } }>(follower.origin, 'GET', '/profile/user', {
            token: t,
          })
        ).user.balance
      expect(await balance(token)).toBe(DEPOSIT - STAKE + win)
      expect(await balance(other)).toBe(DEPOSIT)
      for (const s of [watcher, player, second]) s.socket.close()
      follower.child.kill('SIGTERM')
      expect(await follower.exited, follower.output()).toEqual({ code: 0, signal: null })

      const conn = await servers.db.open()
      try {
        // Every game once, in order; the killed round aborted with its point revealed.
        const rounds = await conn.query<{ game: number; phase: string; crash_point: number }>(
          'SELECT game, phase, crash_point FROM crash_rounds ORDER BY game',
        )
        expect(rounds.map((r) => r.game)).toEqual(rounds.map((_, i) => i + 1))
        expect(rounds.find((r) => r.game === round)).toMatchObject({
          phase: 'aborted',
          crash_point: cp,
        })
        const closes = await conn.query<{ id: string; status: string; closes: number }>(
          `SELECT b.id, h.status,
             (SELECT count(*)::int FROM ledger_transactions t
              WHERE t.idempotency_key IN ('crash:settle:' || b.id, 'crash:refund:' || b.id)) AS closes
           FROM crash_bets b JOIN ledger_holds h ON h.id = b.hold_id ORDER BY b.id`,
        )
        expect(closes).toEqual(
          [
            { id: cashed, status: 'won', closes: 1 },
            { id: refunded, status: 'refunded', closes: 1 },
          ].sort((a, b) => a.id.localeCompare(b.id)),
        )
        await checkInvariants(conn)
      } finally {
        await conn.close()
      }
    })
  },
)
