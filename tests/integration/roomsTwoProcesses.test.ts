import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOMS_PROTOCOL_VERSION } from '../../games/rooms/protocol'
import { ticketPrice } from '../../games/rooms/rules'
import { findPgBin } from '../../scripts/pg-test-server'
import {
  findRedisServer,
  startRedisTestServer,
  type RedisTestServer,
} from '../../scripts/redis-test-server'
import { checkInvariants } from './support/ledgerInvariants'
import { callApi, fundedPlayer, killedServers, type RecordingSocket } from './support/serverProcess'

const P = ticketPrice('red', 'RUB')
const DEPOSIT = 1000 * P
const COUNTDOWN_MS = 3000

type Payload = { roundId?: string; round?: { roundId: string } }
const roundOf = (payload: unknown) => {
  const p = payload as Payload
  return p.roundId ?? p.round?.roundId
}

/**
 * Two real server processes on one PostgreSQL database and one Redis. Crash and each room run in
 * the process holding their advisory locks, the first: the second has neither (its test hooks do
 * not know them), and serves its sockets through the first. A watcher and players on the second
 * see the leader's events and buy through it. Killed with SIGKILL mid-round (the countdown running,
 * held by the leader's test hook so it cannot draw first), the leader's locks go with its
 * connection; the second takes the room's loop, resumes the round with its tickets and stored
 * countdown, draws it and settles every purchase once, and its watcher sees it all.
 */
describe.skipIf(!findPgBin() || !findRedisServer())(
  'rooms on two server processes on one PostgreSQL database',
  () => {
    let redis: RedisTestServer
    beforeAll(async () => {
      redis = await startRedisTestServer()
    })
    afterAll(async () => redis?.stop())
    const servers = killedServers('postgresql', 'rooms-two')
    const start = () =>
      servers.start(undefined, { REDIS_URL: redis.url, ROOMS_COUNTDOWN_MS: String(COUNTDOWN_MS) })
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (err: unknown) => (/\b404\b/.test(String(err)) ? 404 : String(err)),
      )

    it('runs each loop in one process and hands a room over when its leader is killed', async () => {
      const leader = await start()
      const follower = await start()
      const alice = await fundedPlayer(follower.origin, 'rooms-two-a@tessera.test', DEPOSIT)
      const bob = await fundedPlayer(follower.origin, 'rooms-two-b@tessera.test', DEPOSIT)
      const watcher = servers.connect(follower.origin, '/rooms', null)
      const players = [alice, bob].map((t) => servers.connect(follower.origin, '/rooms', t))
      const snapshot = (await watcher.next((name) => name === 'snapshot')) as {
        rooms: { red: { round: { roundId: string; nonce: number } } }
      }
      const { roundId, nonce } = snapshot.rooms.red.round

      // One process runs each loop: the hooks of the process that does not know it answer 404.
      const hook = (origin: string, path: string, body: unknown) =>
        callApi(origin, 'POST', `/test-hooks/${path}`, { body })
      const held = { round: nonce, points: ['start'] }
      expect(await status(hook(follower.origin, 'rooms-red-RUB/hold', held))).toBe(404)
      expect(await status(hook(leader.origin, 'rooms-red-RUB/hold', held))).toBe(200)
      expect(await status(hook(follower.origin, 'crash/reserve', {}))).toBe(404)
      const crash = (await hook(leader.origin, 'crash/reserve', {})) as { round: number }
      await hook(leader.origin, 'crash/release', { round: crash.round, point: 'start' })

      const buy = (s: RecordingSocket, key: string, count: number) =>
        s.send('buy', {
          type: 'buy',
          v: ROOMS_PROTOCOL_VERSION,
          key,
          room: 'red',
          currency: 'RUB',
          count,
          clientSeed: `seed ${key}`,
        })
      const first = await buy(players[0]!, 'two-alice-1', 3)
      expect(first).toMatchObject({ type: 'ok', roundId, firstTicket: 0 })
      // The same key again, through the relay: the same purchase, debited once.
      expect(await buy(players[0]!, 'two-alice-1', 3)).toEqual(first)
      expect(await buy(players[1]!, 'two-bob-1', 2)).toMatchObject({ type: 'ok', firstTicket: 3 })
      // The watcher on the other process sees the leader's batches and countdown.
      await watcher.next((name, p) => name === 'countdown' && roundOf(p) === roundId)
      await watcher.next(
        (name, p) =>
          name === 'tickets' && roundOf(p) === roundId && (p as { tickets: number }).tickets === 5,
      )

      leader.child.kill('SIGKILL')
      expect(await leader.exited).toEqual({ code: null, signal: 'SIGKILL' })
      // The follower takes the loop, resumes the round and draws it at its stored end.
      const drawn = (await watcher.next(
        (name, p) => name === 'drawn' && roundOf(p) === roundId,
      )) as { tickets: number; winner: { purchaseId: string }; payout: number }
      expect(drawn.tickets).toBe(5)
      const nextId = `red-RUB-${nonce + 1}`
      await watcher.next((name, p) => name === 'opened' && roundOf(p) === nextId)
      const names = watcher.events.filter((e) => roundOf(e.payload) === roundId).map((e) => e.name)
      expect(names.filter((n) => n === 'drawn')).toHaveLength(1)
      expect(names).toContain('countdown')

      const balance = async (t: string) =>
        (
          await callApi<{ user: { balance: number } }>(follower.origin, 'GET', '/profile/user', {
            token: t,
          })
        ).user.balance
      const won = (first as { purchaseId: string }).purchaseId === drawn.winner.purchaseId
      expect(await balance(alice)).toBe(DEPOSIT - 3 * P + (won ? drawn.payout : 0))
      expect(await balance(bob)).toBe(DEPOSIT - 2 * P + (won ? 0 : drawn.payout))
      for (const s of [watcher, ...players]) s.socket.close()
      follower.child.kill('SIGTERM')
      expect(await follower.exited, follower.output()).toEqual({ code: 0, signal: null })

      const conn = await servers.db.open()
      try {
        const rows = await conn.query<{ status: string; hold: string; closes: number }>(
          `SELECT p.status, h.status AS hold,
             (SELECT count(*)::int FROM ledger_transactions t
              WHERE t.idempotency_key IN ('rooms:settle:' || p.id, 'rooms:refund:' || p.id)) AS closes
           FROM rooms_purchases p JOIN ledger_holds h ON h.id = p.hold_id ORDER BY p.first_ticket`,
        )
        expect(rows.map((r) => r.closes)).toEqual([1, 1])
        expect(rows.map((r) => r.status).sort()).toEqual(['lost', 'won'])
        for (const r of rows) expect(r.hold).toBe(r.status)
        await checkInvariants(conn)
      } finally {
        await conn.close()
      }
    }, 180_000)
  },
)
