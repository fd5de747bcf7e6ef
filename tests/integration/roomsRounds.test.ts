import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { commitmentOf, drawRoom, COUNTDOWN_MS, ticketPrice } from '../../games/rooms/rules'
import { roomsWire } from '../../games/rooms/protocol'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/db'
import { newPlayer } from '../../server/games/crash/testing'
import type { Player } from '../../server/games/kit/player'
import { fakeScheduler } from '../../server/games/kit/scheduler'
import { buyCommand, FLUSH_MS, PAUSE_MS, startTestRoom, T0 } from '../../server/games/rooms/testing'
import type { Ledger } from '../../server/ledger/ledger'
import { createServices, type Services } from '../../server/services'
import { testDrivers } from './support/drivers'
import { checkInvariants } from './support/ledgerInvariants'

/**
 * A room's rounds on each driver, on fake time: purchases (idempotent, refused whole), the
 * countdown from the second player, the draw and its settlement, a purchase racing the close,
 * a one-player round rolled over, a closed room refunded; the ledger sums to zero after each.
 */
describe.each(testDrivers())('rooms rounds on $name', (driver) => {
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
    await db.exec('DELETE FROM rooms_purchases; DELETE FROM rooms_rounds;')
  })

  /** A red ticket in RUB: 1 RUB, 100 minor units. */
  const P = ticketPrice('red', 'RUB')
  const player = async (deposit = 100 * P) => (await newPlayer(services, deposit)).user
  const balance = async (user: Player) => (await services.ledger.balances(user.userId, 'RUB')).real
  const parse = (e: { type: string }) => roomsWire.parseEvent(e.type, e)

  it('opens a round with a commitment; a replayed purchase debits once', async () => {
    const { room, emitter } = await startTestRoom(services)
    const opened = emitter.ofType('opened')
    expect(opened).toHaveLength(1)
    expect(parse(opened[0]!)).not.toBeNull()
    const alice = await player()
    const cmd = buyCommand(3)
    const [first, again] = await Promise.all([room.buy(alice, cmd), room.buy(alice, cmd)])
    expect(first).toMatchObject({
      type: 'ok',
      firstTicket: 0,
      lastTicket: 2,
      count: 3,
      cost: 3 * P,
    })
    expect(again).toEqual(first)
    // A repeat after the in-memory answers are gone (another process) answers from the row.
    const later = await (await startTestRoom(services, { room: 'yellow' })).room
    await room.stop()
    const fresh = await startTestRoom(services)
    expect(await fresh.room.buy(alice, cmd)).toEqual(first)
    expect(await balance(alice)).toBe(97 * P)
    const held = await db.query('SELECT id FROM ledger_holds WHERE reference LIKE $1', ['rooms:%'])
    expect(held).toHaveLength(1)
    await later.stop()
    await fresh.room.stop()
    await checkInvariants(db)
  })

  it('refuses a purchase whole: no balance, past the cap, a guest, another currency', async () => {
    const { room } = await startTestRoom(services)
    const poor = await player(2 * P)
    expect(await room.buy(poor, buyCommand(3))).toMatchObject({ code: 'balance_not_enough' })
    expect(await balance(poor)).toBe(2 * P)
    const rich = await player(2000 * P)
    for (let i = 0; i < 10; i++) {
      expect(await room.buy(rich, buyCommand(100))).toMatchObject({ type: 'ok' })
    }
    expect(await room.buy(rich, buyCommand(1))).toMatchObject({ code: 'player_cap' })
    expect(await balance(rich)).toBe(1000 * P)
    expect(await room.buy(null, buyCommand(1))).toMatchObject({ code: 'unauthorized' })
    expect(await room.buy(rich, buyCommand(1, { currency: 'USD' }))).toMatchObject({
      code: 'bad_request',
    })
    await room.stop()
    await checkInvariants(db)
  })

  it('counts down from the second player, draws, pays the winner the pot less commission', async () => {
    const { room, emitter, advance } = await startTestRoom(services)
    const [alice, bob] = [await player(), await player()]
    await room.buy(alice, buyCommand(3, { clientSeed: 'a' }))
    await advance(10_000)
    expect(emitter.ofType('countdown')).toHaveLength(0)
    await room.buy(bob, buyCommand(5, { clientSeed: 'b' }))
    await advance(FLUSH_MS)
    const countdown = emitter.ofType('countdown')
    expect(countdown).toHaveLength(1)
    expect(countdown[0]!.endsAt).toBe(T0 + 10_000 + COUNTDOWN_MS)
    await room.buy(alice, buyCommand(2, { clientSeed: 'a2' }))
    await advance(COUNTDOWN_MS)
    const drawn = emitter.ofType('drawn')
    expect(drawn).toHaveLength(1)
    const d = drawn[0]!
    expect(parse(d)).not.toBeNull()
    // Every event parses; the batches cover tickets 0..9 in order before the draw.
    for (const e of emitter.events) expect(parse(e), e.type).not.toBeNull()
    const rows = emitter.ofType('tickets').flatMap((e) => e.purchases)
    expect(rows.map((r) => r.firstTicket)).toEqual([0, 3, 8])
    // The draw recomputes from the wire alone.
    const opened = emitter.ofType('opened')[0]!.round
    expect(commitmentOf(d.serverSeed)).toBe(opened.commitment)
    const again = drawRoom({
      room: 'red',
      currency: 'RUB',
      nonce: d.nonce,
      serverSeed: d.serverSeed,
      purchases: rows,
      beacon: null,
    })
    expect(again.winningTicket).toBe(d.winningTicket)
    expect(d.pot).toBe(10 * P)
    expect(d.commission).toBe(Math.ceil((10 * P * 5) / 100))
    expect(d.payout).toBe(10 * P - d.commission)
    const winner = d.winner.firstTicket === 3 ? bob : alice
    const loser = winner === bob ? alice : bob
    // Each spent 5 tickets; the winner has the payout back.
    expect(await balance(winner)).toBe(95 * P + d.payout)
    expect(await balance(loser)).toBe(95 * P)
    const open = await db.query(`SELECT id FROM rooms_purchases WHERE status = 'active'`)
    expect(open).toEqual([])
    // The next round opens after the pause, with a fresh commitment.
    await advance(PAUSE_MS)
    const next = emitter.ofType('opened')
    expect(next).toHaveLength(2)
    expect(next[1]!.round.nonce).toBe(2)
    expect(next[1]!.round.commitment).not.toBe(opened.commitment)
    await room.stop()
    await checkInvariants(db)
  })

  it('sends at most one tickets batch per flush, whatever the ticket rate', async () => {
    const { room, emitter, advance } = await startTestRoom(services)
    const buyers = await Promise.all(Array.from({ length: 6 }, () => player()))
    for (let i = 0; i < 30; i++) {
      void room.buy(buyers[i % 6]!, buyCommand(1))
      await advance(50)
    }
    await room.idle()
    await advance(FLUSH_MS)
    const batches = emitter.ofType('tickets')
    // 30 purchases over 1.5 s of fake time: one batch per 600 ms window at most.
    expect(batches.length).toBeLessThanOrEqual(4)
    expect(batches.flatMap((b) => b.purchases)).toHaveLength(30)
    await room.stop()
  })

  it('a purchase racing the close at the same instant is either in the draw or refused', async () => {
    const { room, emitter, advance, clock } = await startTestRoom(services, {}, fakeScheduler(T0))
    const [alice, bob, carol] = [await player(), await player(), await player()]
    await room.buy(alice, buyCommand(1))
    await room.buy(bob, buyCommand(1))
    await advance(COUNTDOWN_MS - 1)
    // The purchase starts at the last instant; the close fires while it is in flight.
    const racing = room.buy(carol, buyCommand(4))
    await clock.advance(1)
    const answer = await racing
    await room.idle()
    const d = emitter.ofType('drawn')[0]!
    const rows = await db.query<{ status: string }>(
      'SELECT status FROM rooms_purchases WHERE user_id = $1',
      [carol.userId],
    )
    if (answer.type === 'ok') {
      // In the draw: settled with the others (won or lost), its tickets counted.
      expect(d.tickets).toBe(6)
      expect(rows).toHaveLength(1)
      expect(['won', 'lost']).toContain(rows[0]!.status)
    } else {
      expect(answer.code).toBe('round_closed')
      expect(d.tickets).toBe(2)
      expect(rows).toEqual([])
      expect(await balance(carol)).toBe(100 * P)
    }
    const open = await db.query(`SELECT id FROM rooms_purchases WHERE status = 'active'`)
    expect(open).toEqual([])
    await room.stop()
    await checkInvariants(db)
  })

  /** Resolves once `done()` holds, polled every 10 ms of real time. */
  async function until(done: () => boolean | Promise<boolean>): Promise<void> {
    while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  /**
   * The ledger with a switch: while `gates.before` is set, a hold waits for it before its
   * transaction (and `entered` tells that it got there); while `gates.after` is set, a hold's
   * answer waits for it after its commit. The test puts a purchase's transaction on either side
   * of the close.
   */
  function gatedLedger() {
    const gates: { before: Promise<void> | null; after: Promise<void> | null } = {
      before: null,
      after: null,
    }
    let entered: () => void = () => {}
    const reached = () => new Promise<void>((resolve) => (entered = resolve))
    const ledger = new Proxy(services.ledger, {
      get(target, prop) {
        if (prop === 'hold') {
          return async (...args: Parameters<Ledger['hold']>) => {
            entered()
            if (gates.before) await gates.before
            const held = await target.hold(...args)
            if (gates.after) await gates.after
            return held
          }
        }
        const value = Reflect.get(target, prop, target) as unknown
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    return { ledger, gates, reached }
  }

  it('a purchase whose transaction comes after the close is refused and never held', async () => {
    const { ledger, gates, reached } = gatedLedger()
    const { room, emitter, clock } = await startTestRoom({ ...services, ledger })
    const [alice, bob, carol] = [await player(), await player(), await player()]
    await room.buy(alice, buyCommand(1))
    await room.buy(bob, buyCommand(1))
    let go!: () => void
    gates.before = new Promise<void>((resolve) => (go = resolve))
    // Carol's purchase passed the loop's checks while the round sold; its transaction waits.
    const inHold = reached()
    const racing = room.buy(carol, buyCommand(4))
    await inHold
    // Not `advance`: it waits for every purchase in flight, and Carol's waits for the test.
    await clock.advance(COUNTDOWN_MS)
    await until(() => emitter.ofType('drawn').length > 0)
    expect(emitter.ofType('drawn')[0]!.tickets).toBe(2)
    go()
    expect(await racing).toMatchObject({ type: 'error', code: 'round_closed' })
    expect(await balance(carol)).toBe(100 * P)
    const rows = await db.query('SELECT id FROM rooms_purchases WHERE user_id = $1', [carol.userId])
    expect(rows).toEqual([])
    await room.stop()
    await checkInvariants(db)
  })

  it('a purchase whose transaction committed before the close is in the draw', async () => {
    const { ledger, gates } = gatedLedger()
    let answer!: () => void
    const { room, emitter, clock } = await startTestRoom({ ...services, ledger })
    const [alice, bob, carol] = [await player(), await player(), await player()]
    await room.buy(alice, buyCommand(1))
    await room.buy(bob, buyCommand(1))
    gates.after = new Promise<void>((resolve) => (answer = resolve))
    // Carol's transaction commits; the loop hears of it only after the close.
    const racing = room.buy(carol, buyCommand(4))
    await until(
      async () =>
        (await db.query('SELECT id FROM rooms_purchases WHERE user_id = $1', [carol.userId]))
          .length > 0,
    )
    await clock.advance(COUNTDOWN_MS)
    await until(() => emitter.ofType('drawn').length > 0)
    const drawn = emitter.ofType('drawn')[0]!
    expect(drawn.tickets).toBe(6)
    // Her row went out before the draw, so the list is on the wire.
    const rows = emitter.ofType('tickets').flatMap((e) => e.purchases)
    expect(rows.map((r) => r.firstTicket)).toEqual([0, 1, 2])
    expect(emitter.events.indexOf(drawn)).toBe(emitter.events.length - 1)
    answer()
    expect(await racing).toMatchObject({ type: 'ok', firstTicket: 2, roundId: drawn.roundId })
    await room.idle()
    expect(await db.query(`SELECT id FROM rooms_purchases WHERE status = 'active'`)).toEqual([])
    await room.stop()
    await checkInvariants(db)
  })

  it('a restart mid-countdown resumes the round with its tickets and its stored end', async () => {
    const first = await startTestRoom(services)
    const [alice, bob] = [await player(), await player()]
    await first.room.buy(alice, buyCommand(2))
    await first.advance(1000)
    await first.room.buy(bob, buyCommand(3))
    await first.advance(20_000)
    await first.room.stop()
    const endsAt = first.emitter.ofType('countdown')[0]!.endsAt
    const second = await startTestRoom(services, {}, fakeScheduler(T0 + 30_000))
    expect(second.room.current()).toMatchObject({ seq: 1, status: 'counting' })
    await second.advance(endsAt - (T0 + 30_000) - 1)
    expect(second.emitter.ofType('drawn')).toHaveLength(0)
    await second.advance(1)
    const drawn = second.emitter.ofType('drawn')
    expect(drawn).toHaveLength(1)
    expect(drawn[0]!.tickets).toBe(5)
    expect(await db.query(`SELECT id FROM rooms_purchases WHERE status = 'active'`)).toEqual([])
    await second.room.stop()
    // Long past its end: a restart draws it at once.
    await checkInvariants(db)
  })

  it('a restart brings a row in line with a hold the ledger closed, moving nothing', async () => {
    const first = await startTestRoom(services)
    const [alice, bob] = [await player(), await player()]
    await first.room.buy(alice, buyCommand(2))
    await first.room.buy(bob, buyCommand(2))
    await first.advance(COUNTDOWN_MS)
    await first.room.stop()
    // As if the process stopped between a purchase's ledger close and its row's update.
    await db.query(`UPDATE rooms_purchases SET status = 'active', win = NULL`)
    const moves = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions'))[0]!.n
    const before = await moves()
    const second = await startTestRoom(services, {}, fakeScheduler(T0 + COUNTDOWN_MS + 1000))
    await second.room.idle()
    expect(await moves()).toBe(before)
    const rows = await db.query<{ status: string; hold: string; win: number; payout: number }>(
      `SELECT p.status, h.status AS hold, p.win, h.payout FROM rooms_purchases p
       JOIN ledger_holds h ON h.id = p.hold_id ORDER BY p.first_ticket`,
    )
    for (const r of rows) {
      expect(r.status).toBe(r.hold)
      expect(Number(r.win)).toBe(Number(r.payout ?? 0))
    }
    expect(rows.map((r) => r.status).sort()).toEqual(['lost', 'won'])
    await second.room.stop()
    await checkInvariants(db)
  })

  it('a one-player round rolls over with its tickets, and is refunded when the room closes', async () => {
    const first = await startTestRoom(services)
    const alice = await player()
    await first.room.buy(alice, buyCommand(7))
    await first.advance(10 * COUNTDOWN_MS)
    expect(first.emitter.ofType('countdown')).toHaveLength(0)
    expect(first.emitter.ofType('drawn')).toHaveLength(0)
    expect(first.room.current()).toMatchObject({ seq: 1, status: 'open' })
    await first.room.stop()
    // A restart resumes it with its tickets: a second player starts the countdown.
    const second = await startTestRoom(services)
    expect(second.room.current()).toMatchObject({ seq: 1, status: 'open' })
    const bob = await player()
    const ack = await second.room.buy(bob, buyCommand(1))
    expect(ack).toMatchObject({ type: 'ok', firstTicket: 7 })
    await second.room.stop()
    // The operator closes the room: the round is refunded whole and no round opens.
    const closed = await startTestRoom(services, { closed: true })
    expect(closed.room.current()).toBeNull()
    expect(await balance(alice)).toBe(100 * P)
    expect(await balance(bob)).toBe(100 * P)
    expect(await closed.room.buy(alice, buyCommand(1))).toMatchObject({ code: 'round_closed' })
    const rounds = await db.query<{ status: string }>('SELECT status FROM rooms_rounds')
    expect(rounds.map((r) => r.status)).toEqual(['refunded'])
    await closed.room.stop()
    await checkInvariants(db)
  })
})
