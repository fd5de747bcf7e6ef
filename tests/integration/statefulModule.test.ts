import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { instantWireOf } from '../../games/kit/instant/protocol'
import { STATEFUL_PROTOCOL_VERSION } from '../../games/kit/stateful/protocol'
import type { Db } from '../../server/db/db'
import { instantKit } from '../../server/games/kit/instant/kit'
import { fixedSeeds, instantBet, instantPlayer } from '../../server/games/kit/instant/testing'
import { fakeScheduler, type FakeScheduler } from '../../server/games/kit/scheduler'
import { ROUND_LIFETIME_MS } from '../../server/games/kit/stateful/StatefulRounds'
import { statefulGameModule, type StatefulRuntime } from '../../server/games/kit/stateful/module'
import { streakWire, type Side } from '../../server/games/kit/stateful/testing'
import { STREAK_GAME, streakAuto } from '../../server/games/kit/stateful/testingGame'
import { attachRealtime } from '../../server/realtime/attach'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'
import { checkInvariants } from './support/ledgerInvariants'
import { recordingSocket, type RecordingSocket } from './support/serverProcess'

const log = { info: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) }
const key = () => `k-${crypto.randomUUID()}`
const v = STATEFUL_PROTOCOL_VERSION
const autoWire = instantWireOf(STREAK_GAME, streakAuto)

/** One server "process": an app of its own (services, kits, answers) on the shared database. */
interface Process {
  t: TestApp
  origin: string
  runtime(): StatefulRuntime
  close(): Promise<void>
}

/**
 * The coin-streak game's module (server/games/kit/stateful/module.ts) served over real sockets
 * by app instances sharing one database, as server processes behind a load balancer do: every
 * ack and snapshot is parsed by the game's wire, as a client parses it.
 */
describe.each(testDrivers())('a stateful game served on $name', (driver) => {
  let db: Db
  let closeDb: (() => Promise<void>) | undefined
  const started: Process[] = []
  const sockets: RecordingSocket[] = []
  let a: Process
  let b: Process

  const serve = async (label: string, scheduler?: FakeScheduler): Promise<Process> => {
    const t = await startTestApp(db)
    instantKit(t.services, { log, seeds: fixedSeeds(`${driver.name}-${label}`), scheduler })
    const game = statefulGameModule(STREAK_GAME)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const realtime = await attachRealtime(t.app.server, t.services, {
      log,
      games: [game],
      rateLimit: { burst: 1000, perSecond: 1000 },
    })
    const process: Process = {
      t,
      origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      runtime: () => realtime.runtime(game),
      async close() {
        await realtime.close()
        await t.close()
      },
    }
    started.push(process)
    return process
  }

  beforeAll(async () => {
    const opened = await driver.open()
    db = opened.db
    closeDb = opened.close
    a = await serve('a')
    b = await serve('b')
  }, 120_000)
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.socket.close()
    for (const p of started) await p.runtime().kit.rounds.idle()
    await checkInvariants(db)
  })
  afterAll(async () => {
    for (const p of started) await p.close()
    await closeDb?.()
  })

  const connect = async (p: Process, token: string) => {
    const s = recordingSocket(p.origin, '/streak', token)
    sockets.push(s)
    await s.next((name) => name === 'snapshot')
    return s
  }
  const send = async (s: RecordingSocket, name: 'open' | 'step' | 'cashout', payload: object) =>
    streakWire.parseAck(name, await s.send(name, { type: name, v, ...payload }))
  const open = async (s: RecordingSocket, amount = 1_000) => {
    const ack = await send(s, 'open', { key: key(), amount, currency: 'RUB', params: { flips: 5 } })
    if (ack.type !== 'ok') throw new Error(`open refused: ${ack.code}`)
    return ack.round.roundId
  }
  /** The secret next flip, read from the row as only the server can. */
  const nextSide = async (roundId: string) =>
    (
      await db.query<{ state: { next: Side } }>('SELECT state FROM stateful_rounds WHERE id = $1', [
        roundId,
      ])
    )[0]!.state.next
  const balance = async (userId: number) => (await a.t.services.ledger.balances(userId, 'RUB')).real
  const stepsOf = async (roundId: string) =>
    db.query('SELECT step FROM stateful_steps WHERE round_id = $1', [roundId])

  it('opens, steps and cashes out through a socket, a replayed step applied once', async () => {
    const { user, token } = await instantPlayer(a.t.services, 10_000)
    const s = await connect(a, token)
    const roundId = await open(s)
    const step = { key: key(), roundId, step: 0, action: { call: await nextSide(roundId) } }
    const first = await send(s, 'step', step)
    expect(first).toMatchObject({ type: 'ok', balance: null, round: { step: 1, status: 'open' } })
    // The answer lost, the same key resent (as the client does on reconnection): the same answer.
    expect(await send(s, 'step', step)).toEqual(first)
    expect(await send(s, 'step', { ...step, key: key() })).toMatchObject({
      type: 'error',
      code: 'stale_step',
      round: { step: 1 },
    })
    expect(await stepsOf(roundId)).toHaveLength(1)
    const cashed = await send(s, 'cashout', { key: key(), roundId, step: 1 })
    expect(cashed).toMatchObject({
      type: 'ok',
      balance: 9_000 + 1_980,
      round: { status: 'won', endReason: 'cashout', payout: 1_980, reveal: {} },
    })
    expect(await balance(user.userId)).toBe(10_980)
  })

  it('applies one step when two sockets on two processes send it', async () => {
    const { token } = await instantPlayer(a.t.services, 10_000)
    const [here, there] = [await connect(a, token), await connect(b, token)]
    const roundId = await open(here)
    const call = { call: await nextSide(roundId) }
    // The same command from two tabs, one on each process: one step, one answer.
    const same = { key: key(), roundId, step: 0, action: call }
    const [x, y] = await Promise.all([send(here, 'step', same), send(there, 'step', same)])
    expect(x).toMatchObject({ type: 'ok', round: { step: 1 } })
    expect(y).toEqual(x)
    // Two different commands for the same step: one applies, the other is stale.
    const next = { roundId, step: 1, action: { call: await nextSide(roundId) } }
    const acks = await Promise.all([
      send(here, 'step', { ...next, key: key() }),
      send(there, 'step', { ...next, key: key() }),
    ])
    expect(acks.map((ack) => ack.type).sort()).toEqual(['error', 'ok'])
    expect(acks.find((ack) => ack.type === 'error')).toMatchObject({ code: 'stale_step' })
    expect(await stepsOf(roundId)).toHaveLength(2)
  })

  it('refuses a rotation sent to a process that does not run the game while a round is open', async () => {
    const { token } = await instantPlayer(a.t.services, 10_000)
    // An app with the HTTP API and no stateful game started: its SeedPairs registered none.
    const other = await startTestApp(db)
    try {
      const s = await connect(a, token)
      const roundId = await open(s)
      const rotate = () => other.call('POST', '/api/games/seeds/rotate', { token, body: {} })
      const refused = await rotate()
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ data: { message: 'game_in_progress' } })
      const seed = { client_seed: 'changed' }
      expect((await other.call('PUT', '/api/games/seeds', { token, body: seed })).statusCode).toBe(
        409,
      )
      const call = { call: (await nextSide(roundId)) === 'heads' ? 'tails' : 'heads' }
      expect(await send(s, 'step', { key: key(), roundId, step: 0, action: call })).toMatchObject({
        type: 'ok',
        round: { status: 'lost' },
      })
      expect((await rotate()).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('shows no secret in a snapshot taken mid-round', async () => {
    const { token } = await instantPlayer(a.t.services, 10_000)
    const s = await connect(a, token)
    const roundId = await open(s)
    await send(s, 'step', {
      key: key(),
      roundId,
      step: 0,
      action: { call: await nextSide(roundId) },
    })
    const [pair] = await db.query<{ server_seed: string }>(
      'SELECT p.server_seed FROM stateful_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id WHERE r.id = $1',
      [roundId],
    )
    const serverSeed = pair!.server_seed
    // A new tab on the other process, and a `sync` on this one: both snapshots.
    const fresh = recordingSocket(b.origin, '/streak', token)
    sockets.push(fresh)
    expect(await s.send('sync', { type: 'sync', v })).toEqual({ type: 'ok', v })
    const taken = [
      await fresh.next((name) => name === 'snapshot'),
      await s.next((name, p) => name === 'snapshot' && p !== s.events[0]?.payload),
    ]
    for (const raw of taken) {
      const snapshot = streakWire.parseEvent('snapshot', raw)
      expect(snapshot.me?.round).toMatchObject({
        roundId,
        status: 'open',
        step: 1,
        reveal: null,
        view: { calls: [{}] },
      })
      const text = JSON.stringify(raw)
      expect(text).not.toContain('"next"')
      expect(text).not.toContain('"board"')
      expect(text).not.toContain(serverSeed)
    }
  })

  it('shows in a snapshot the round that ended in another tab, never an open round secret', async () => {
    const { token } = await instantPlayer(a.t.services, 10_000)
    const [s, other] = [await connect(a, token), await connect(b, token)]
    /** A `sync` on `s` and the snapshot it brings (the one after those `s` has seen). */
    const resync = async () => {
      let seen = s.events.filter((e) => e.name === 'snapshot').length
      expect(await s.send('sync', { type: 'sync', v })).toEqual({ type: 'ok', v })
      const raw = await s.next((name) => name === 'snapshot' && --seen < 0)
      return { raw, snapshot: streakWire.parseEvent('snapshot', raw) }
    }
    expect((await resync()).snapshot.me).toMatchObject({ round: null, lastEnded: null })
    const first = await open(s)
    await send(s, 'step', {
      key: key(),
      roundId: first,
      step: 0,
      action: { call: await nextSide(first) },
    })
    const next = await nextSide(first)
    // The other tab, on the other process, cashes the round out.
    await send(other, 'cashout', { key: key(), roundId: first, step: 1 })
    const ended = (await resync()).snapshot.me
    expect(ended).toMatchObject({
      balance: 9_000 + 1_980,
      round: null,
      lastEnded: { roundId: first, status: 'won', endReason: 'cashout', payout: 1_980 },
    })
    expect(ended?.lastEnded?.reveal).toEqual({ next })
    // A round open again: the snapshot shows it without its secret, and still the last ended one.
    const second = await open(other)
    const { raw, snapshot } = await resync()
    expect(snapshot.me).toMatchObject({
      round: { roundId: second, status: 'open', reveal: null },
      lastEnded: { roundId: first },
    })
    expect(JSON.stringify(snapshot.me?.round)).not.toContain('"next"')
    const [pair] = await db.query<{ server_seed: string }>(
      'SELECT p.server_seed FROM stateful_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id WHERE r.id = $1',
      [second],
    )
    expect(JSON.stringify(raw)).not.toContain(pair!.server_seed)
  })

  it('serves auto play as one instant bet on the namespace, leaving no round open', async () => {
    const { user, token } = await instantPlayer(a.t.services, 10_000)
    const s = await connect(a, token)
    const ack = autoWire.parseAck(
      'bet',
      await s.send('bet', instantBet(1_000, { calls: ['heads', 'tails', 'heads'] })),
    )
    expect(ack.type).toBe('ok')
    const [bet] = await db.query<{ game: string; payout: number }>(
      'SELECT game, payout FROM instant_bets WHERE user_id = $1',
      [user.userId],
    )
    expect(bet?.game).toBe('streak')
    expect(await balance(user.userId)).toBe(9_000 + bet!.payout)
    expect(
      await db.query('SELECT 1 FROM stateful_rounds WHERE user_id = $1', [user.userId]),
    ).toEqual([])
  })

  it('settles a round left open past its limit by the timer', async () => {
    const clock = fakeScheduler(Date.now())
    const timed = await serve('timed', clock)
    const idle = () => timed.runtime().expiryIdle()
    const { user, token } = await instantPlayer(a.t.services, 10_000)
    const s = await connect(timed, token)
    const roundId = await open(s)
    await send(s, 'step', {
      key: key(),
      roundId,
      step: 0,
      action: { call: await nextSide(roundId) },
    })
    await clock.advance(ROUND_LIFETIME_MS - 1, idle)
    const status = async () =>
      (
        await db.query<{ status: string }>('SELECT status FROM stateful_rounds WHERE id = $1', [
          roundId,
        ])
      )[0]!.status
    expect(await status()).toBe('open')
    await clock.advance(1, idle)
    expect(await status()).toBe('won')
    // The better of its cash-out value (1.98x) and its stake.
    expect(await balance(user.userId)).toBe(9_000 + 1_980)
  })
})
