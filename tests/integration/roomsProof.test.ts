import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { betHistoryResponse } from '../../contract'
import { checkDraw } from '../../games/rooms/proof'
import {
  ROUND_PROOF_PATH,
  roundProofErrorSchema,
  roundProofSchema,
  roomsWire,
} from '../../games/rooms/protocol'
import { COUNTDOWN_MS, ticketPrice } from '../../games/rooms/rules'
import type { Db } from '../../server/db/db'
import { newPlayer } from '../../server/games/crash/testing'
import { buyCommand, PAUSE_MS, startTestRoom, T0 } from '../../server/games/rooms/testing'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/**
 * The rooms' readers on each driver (server/games/rooms/routes.ts and history.ts), with a room's
 * loop on fake time over the app's database: a drawn round's proof checks in the browser's own
 * code and hides whom the wire hides; every other round or id is the same 404; the profile
 * history lists each purchase with its round and what it paid.
 */
describe.each(testDrivers())('rooms proofs and history on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await close?.()
  })
  beforeEach(async () => {
    await db.exec('DELETE FROM rooms_purchases; DELETE FROM rooms_rounds;')
  })

  /** A red ticket in RUB: 1 RUB, 100 minor units. */
  const P = ticketPrice('red', 'RUB')
  const proof = (id: string) => t.call('GET', `${ROUND_PROOF_PATH}/${id}`)
  const expectNotFound = async (id: string) => {
    const res = await proof(id)
    expect(res.statusCode, `${id}: ${res.body}`).toBe(404)
    expect(roundProofErrorSchema.parse(res.json()).data.message).toBe('not_found')
    // Nothing of a round's secret or list in a refusal.
    expect(res.body).not.toMatch(/[0-9a-f]{64}/)
  }

  /**
   * Round 1 of red RUB drawn: Alice buys 3 tickets, Bob 5 a second later, Alice 2 more; the
   * countdown runs out. The proof is asked for while the round is open and counting too.
   */
  async function drawnRound() {
    const loop = await startTestRoom(t.services)
    const alice = await newPlayer(t.services, 100 * P)
    const bob = await newPlayer(t.services, 100 * P)
    const roundId = loop.emitter.ofType('opened')[0]!.round.roundId
    expect(roundId).toBe('red-RUB-1')
    await loop.room.buy(alice.user, buyCommand(3, { clientSeed: 'a' }))
    await expectNotFound(roundId)
    await loop.advance(1000)
    await loop.room.buy(bob.user, buyCommand(5, { clientSeed: 'b' }))
    await loop.advance(1000)
    await loop.room.buy(alice.user, buyCommand(2, { clientSeed: 'a2' }))
    expect(loop.room.current()).toMatchObject({ seq: 1, status: 'counting' })
    await expectNotFound(roundId)
    await loop.advance(COUNTDOWN_MS)
    const drawn = loop.emitter.ofType('drawn')
    expect(drawn).toHaveLength(1)
    const d = drawn[0]!
    const rows = loop.emitter.ofType('tickets').flatMap((e) => e.purchases)
    return { loop, alice, bob, d, rows }
  }

  it("serves a drawn round's proof to a guest: the wire's draw and list, checked by checkDraw", async () => {
    const { loop, d, rows } = await drawnRound()
    const res = await proof(d.roundId)
    expect(res.statusCode, res.body).toBe(200)
    const body = roundProofSchema.parse(res.json())
    const { type: _type, v: _v, ...draw } = roomsWire.parseEvent('drawn', d)!
    expect(body.draw).toEqual(draw)
    // The whole list in ticket order, as the batches told it before the draw.
    expect(rows.map((r) => r.firstTicket)).toEqual([0, 3, 8])
    expect(body.purchases).toEqual(rows)
    expect(checkDraw(body.draw, body.purchases)).toMatchObject({
      commitmentOk: true,
      clientSeedOk: true,
      winningTicketOk: true,
    })
    // The next round, open after the pause, has no proof while the drawn one keeps its own.
    await loop.advance(PAUSE_MS)
    expect(loop.room.current()).toMatchObject({ seq: 2, status: 'open' })
    await expectNotFound('red-RUB-2')
    expect((await proof(d.roundId)).statusCode).toBe(200)
    await loop.room.stop()
  })

  it('answers the same 404 for an unknown, malformed or refunded round and another currency', async () => {
    const { loop, alice, d } = await drawnRound()
    expect(d.roundId).toBe('red-RUB-1')
    await loop.advance(PAUSE_MS)
    // Round 2 sells to one player, then the operator closes the room: it is refunded whole.
    await loop.room.buy(alice.user, buyCommand(1))
    await loop.room.stop()
    const closed = await startTestRoom(t.services, { closed: true })
    const rounds = await db.query<{ seq: number; status: string }>(
      'SELECT seq, status FROM rooms_rounds ORDER BY seq',
    )
    expect(rounds.map((r) => [Number(r.seq), r.status])).toEqual([
      [1, 'drawn'],
      [2, 'refunded'],
    ])
    await expectNotFound('red-RUB-2')
    for (const id of [
      'red-RUB-3',
      'red-RUB-2147483647',
      // Another currency's or room's round of the same number: none was played.
      'red-USD-1',
      'yellow-RUB-1',
      'red-XYZ-1',
      'red-RUB-0',
      'red-RUB-01',
      'red-RUB-2147483648',
      `red-RUB-${'9'.repeat(10)}`,
      `red-RUB-${'9'.repeat(40)}`,
      'red-rub-1',
      'RED-RUB-1',
      'blue-RUB-1',
      'red-RUB-1.0',
      'red-RUB--1',
      ' red-RUB-1',
      'red-RUB-1 ',
      '1',
      'red_RUB_1',
    ]) {
      await expectNotFound(encodeURIComponent(id))
    }
    // The drawn round stays served beside them.
    expect((await proof('red-RUB-1')).statusCode).toBe(200)
    await closed.room.stop()
  })

  it("hides a hidden player's name and avatar in the proof as the wire does", async () => {
    const alice = await newPlayer(t.services, 100 * P)
    const bob = await newPlayer(t.services, 100 * P)
    t.services.privacy.setHidden(alice.user.userId, true)
    t.services.privacy.setAvatarHidden(bob.user.userId, true)
    try {
      const loop = await startTestRoom(t.services)
      await loop.room.buy(alice.user, buyCommand(2))
      await loop.room.buy(bob.user, buyCommand(2))
      await loop.advance(COUNTDOWN_MS)
      const d = loop.emitter.ofType('drawn')[0]!
      const wire = loop.emitter.ofType('tickets').flatMap((e) => e.purchases)
      const res = await proof(d.roundId)
      expect(res.statusCode, res.body).toBe(200)
      const body = roundProofSchema.parse(res.json())
      expect(body.purchases).toEqual(wire)
      expect(body.purchases.map((r) => [r.player, r.avatar])).toEqual([
        [null, null],
        [bob.user.name, null],
      ])
      expect(res.body).not.toContain(`"${alice.user.name}"`)
      await loop.room.stop()
    } finally {
      t.services.privacy.setHidden(alice.user.userId, false)
      t.services.privacy.setAvatarHidden(bob.user.userId, false)
    }
  })

  it("lists a player's purchases in the profile history: won, lost, pending, refunded", async () => {
    const history = async (token: string) => {
      const res = await t.call('GET', '/api/profile/history?kind=bets', { token })
      expect(res.statusCode, res.body).toBe(200)
      return betHistoryResponse.parse(res.json()).data
    }
    const { loop, alice, bob, d } = await drawnRound()
    const won = d.winner.purchaseId
    const row = (id: string, status: string, cost: number, payout: number | null, at: number) => ({
      game: 'rooms',
      id,
      round_id: 'red-RUB-1',
      amount: cost,
      currency: 'RUB',
      multiplier: null,
      payout,
      status,
      created_at: new Date(at).toISOString(),
    })
    const ids = async (userId: number) =>
      (
        await db.query<{ id: string }>(
          'SELECT id FROM rooms_purchases WHERE user_id = $1 ORDER BY first_ticket',
          [userId],
        )
      ).map((r) => r.id)
    const [a1, a2] = await ids(alice.user.userId)
    const [b1] = await ids(bob.user.userId)
    const paid = (id: string) => (id === won ? d.payout : 0)
    const state = (id: string) => (id === won ? 'won' : 'lost')
    // Newest first: Alice's second purchase (T0 + 2 s), then her first (T0).
    expect(await history(alice.token)).toEqual([
      row(a2!, state(a2!), 2 * P, paid(a2!), T0 + 2000),
      row(a1!, state(a1!), 3 * P, paid(a1!), T0),
    ])
    expect(await history(bob.token)).toEqual([row(b1!, state(b1!), 5 * P, paid(b1!), T0 + 1000)])
    // Paged one at a time, the cursor walks the same rows without a repeat.
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const query: string = `kind=bets&limit=1${cursor ? `&cursor=${cursor}` : ''}`
      const res = await t.call('GET', `/api/profile/history?${query}`, { token: alice.token })
      const page = betHistoryResponse.parse(res.json())
      paged.push(...page.data.map((b) => b.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(paged).toEqual([a2, a1])
    // One of the three won the pot less commission; the others paid nothing back.
    expect([a1, a2, b1].filter((id) => id === won)).toHaveLength(1)
    expect(d.payout).toBeGreaterThan(0)

    // A purchase in the next round is pending (nothing paid yet), then refunded whole.
    await loop.advance(PAUSE_MS)
    const pendingAt = T0 + 2000 + COUNTDOWN_MS + PAUSE_MS
    const ack = await loop.room.buy(bob.user, buyCommand(4))
    if (ack.type !== 'ok') throw new Error(`purchase refused: ${ack.code}`)
    const pending = { ...row(ack.purchaseId, 'pending', 4 * P, null, pendingAt) }
    pending.round_id = 'red-RUB-2'
    expect((await history(bob.token))[0]).toEqual(pending)
    await loop.room.stop()
    const closed = await startTestRoom(t.services, { closed: true })
    expect(await history(bob.token)).toEqual([
      { ...pending, status: 'refunded', payout: 4 * P },
      row(b1!, state(b1!), 5 * P, paid(b1!), T0 + 1000),
    ])
    await closed.room.stop()
  })
})
