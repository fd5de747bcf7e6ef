import { describe, expect, it } from 'vitest'
import { ROOMS_PROTOCOL_VERSION } from '../../games/rooms/protocol'
import { ticketPrice } from '../../games/rooms/rules'
import { testDrivers } from './support/drivers'
import { checkInvariants } from './support/ledgerInvariants'
import { callApi, fundedPlayer, killedServers, type RecordingSocket } from './support/serverProcess'

/**
 * Real server processes (`server/main.ts`) SIGKILLed in a room's round, then restarted on the
 * same database: first the instant the countdown is handed to socket.io (the round is selling,
 * its tickets held), then the instant its `drawn` is (the draw is written, nothing told, the
 * settlement under way or not begun). Each restart resumes the round with its tickets and stored
 * countdown, or settles it as drawn; every purchase is closed in the ledger exactly once (paid or
 * lost, never refunded as well), and the ledger sums to zero. The kills are test hooks at an
 * announcement (`POST /api/test-hooks/rooms-red-RUB/kill`), not luck of timing.
 */

const P = ticketPrice('red', 'RUB')
const DEPOSIT = 1000 * P
const LOOP = 'rooms-red-RUB'
/** Seconds, not the rules' minute (test builds only): a countdown the test can wait out. */
const COUNTDOWN_MS = 2000

describe.each(testDrivers().map((d) => d.name))('a rooms server SIGKILLed on %s', (driver) => {
  const servers = killedServers(driver, 'rooms-kill')
  const start = () => servers.start(undefined, { ROOMS_COUNTDOWN_MS: String(COUNTDOWN_MS) })

  type Snapshot = { rooms: { red: { round: { roundId: string; nonce: number; status: string } } } }
  const isRound = (roundId: string, type: string) => (name: string, p: unknown) =>
    name === type && (p as { roundId: string }).roundId === roundId

  it('mid-round and at the draw: each purchase paid or lost exactly once after restarts', async () => {
    const first = await start()
    const names = ['alice', 'bob', 'carol'] as const
    const tokens: Record<string, string> = {}
    for (const n of names)
      tokens[n] = await fundedPlayer(first.origin, `rooms-kill-${n}@tessera.test`, DEPOSIT)
    const sockets: Record<string, RecordingSocket> = {}
    for (const n of names) sockets[n] = servers.connect(first.origin, '/rooms', tokens[n]!)
    const snapshot = (await sockets.alice!.next((name) => name === 'snapshot')) as Snapshot
    const { roundId, nonce } = snapshot.rooms.red.round
    const hooks = (origin: string, path: string, body: unknown) =>
      callApi(origin, 'POST', `/test-hooks/${LOOP}/${path}`, { body })
    // Killed the instant the second player's countdown goes out: the round sells, nothing drew.
    await hooks(first.origin, 'kill', { round: roundId, event: 'countdown' })
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
    expect(await buy(sockets.alice!, 'kill-alice-1', 3)).toMatchObject({ type: 'ok', roundId })
    // Bob's purchase starts the countdown: the process dies at it, his ack may be lost with it.
    void buy(sockets.bob!, 'kill-bob-1', 2).catch(() => {})
    expect(await first.exited, first.output()).toEqual({ code: null, signal: 'SIGKILL' })
    for (const s of Object.values(sockets)) s.socket.close()

    // The restart resumes the round with both purchases and its stored countdown, then draws it.
    const second = await start()
    const again: Record<string, RecordingSocket> = {}
    for (const n of names) again[n] = servers.connect(second.origin, '/rooms', tokens[n]!)
    // Its stored end passed during the restart: it may have drawn before the socket joined, so
    // the draw is the `drawn` event or the snapshot's history.
    type Draw = { roundId: string; tickets: number }
    const drawn = (await again.carol!.next(
      (name, p) =>
        isRound(roundId, 'drawn')(name, p) ||
        (name === 'snapshot' &&
          (p as { rooms: { red: { history: Draw[] } } }).rooms.red.history.some(
            (h) => h.roundId === roundId,
          )),
    )) as Draw | { rooms: { red: { history: Draw[] } } }
    const draw =
      'rooms' in drawn ? drawn.rooms.red.history.find((h) => h.roundId === roundId)! : drawn
    expect(draw.tickets).toBe(5)
    // Bob's retry with his key gets his purchase, not a second one.
    expect(await buy(again.bob!, 'kill-bob-1', 2)).toMatchObject({
      type: 'ok',
      roundId,
      firstTicket: 3,
    })

    // The next round: killed the instant its `drawn` is handed to socket.io.
    const nextId = `red-RUB-${nonce + 1}`
    await again.carol!.next(
      (name, p) =>
        name === 'opened' && (p as { round: { roundId: string } }).round.roundId === nextId,
    )
    await hooks(second.origin, 'kill', { round: nextId, event: 'drawn' })
    expect(await buy(again.alice!, 'kill-alice-2', 4)).toMatchObject({
      type: 'ok',
      roundId: nextId,
    })
    expect(await buy(again.carol!, 'kill-carol-2', 1)).toMatchObject({
      type: 'ok',
      roundId: nextId,
    })
    expect(await second.exited, second.output()).toEqual({ code: null, signal: 'SIGKILL' })
    expect(again.carol!.events.some((e) => isRound(nextId, 'drawn')(e.name, e.payload))).toBe(false)
    for (const s of Object.values(again)) s.socket.close()

    // The third process settles the drawn round as drawn: nothing refunded, nothing twice.
    const third = await start()
    const watcher = servers.connect(third.origin, '/rooms', null)
    const after = (await watcher.next((name) => name === 'snapshot')) as {
      rooms: { red: { history: { roundId: string }[] } }
    }
    expect(after.rooms.red.history.map((h) => h.roundId).slice(0, 2)).toEqual([nextId, roundId])
    third.child.kill('SIGTERM')
    expect(await third.exited, third.output()).toEqual({ code: 0, signal: null })

    const conn = await servers.db.open()
    try {
      const rows = await conn.query<{
        id: string
        status: string
        hold: string
        closes: number
        refunds: number
      }>(
        `SELECT p.id, p.status, h.status AS hold,
           (SELECT count(*)::int FROM ledger_transactions t
            WHERE t.idempotency_key IN ('rooms:settle:' || p.id, 'rooms:refund:' || p.id)) AS closes,
           (SELECT count(*)::int FROM ledger_transactions t
            WHERE t.idempotency_key = 'rooms:refund:' || p.id) AS refunds
         FROM rooms_purchases p JOIN ledger_holds h ON h.id = p.hold_id ORDER BY p.created_at`,
      )
      expect(rows).toHaveLength(4)
      for (const row of rows) {
        expect(row.closes, row.id).toBe(1)
        expect(row.refunds, row.id).toBe(0)
        expect(['won', 'lost']).toContain(row.status)
        expect(row.hold, row.id).toBe(row.status)
      }
      // One winner per round.
      const winners = await conn.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rooms_purchases WHERE status = 'won' GROUP BY round_id`,
      )
      expect(winners).toEqual([{ n: 1 }, { n: 1 }])
      await checkInvariants(conn)
    } finally {
      await conn.close()
    }
  }, 200_000)
})
