import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Minor } from '../../games/engine/money'
import { STATEFUL_PROTOCOL_VERSION } from '../../games/kit/stateful/protocol'
import type { CommandKey, RoundId } from '../../games/kit/protocol'
import type { Db } from '../../server/db/db'
import { fixedSeeds, instantPlayer } from '../../server/games/kit/instant/testing'
import { SeedPairs } from '../../server/games/kit/instant/seeds'
import type { Player } from '../../server/games/kit/player'
import { realScheduler } from '../../server/games/kit/scheduler'
import {
  ROUND_LIFETIME_MS,
  StatefulRounds,
  type OpenCommand,
} from '../../server/games/kit/stateful/StatefulRounds'
import {
  STREAK,
  streakWire,
  type Side,
  type StreakParams,
} from '../../server/games/kit/stateful/testing'
import { checkInvariants } from './support/ledgerInvariants'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

const key = () => `k-${crypto.randomUUID()}` as CommandKey
const opening = (amount = 1_000, flips = 20): OpenCommand<StreakParams> => ({
  key: key(),
  amount: amount as Minor,
  currency: 'RUB',
  params: { flips },
})

/**
 * The stateful family (server/games/kit/stateful) on each database driver, with a coin-streak test
 * game: one transaction opens a round, a step is applied once whatever repeats it, a round pays
 * once whoever ends it, seed changes wait for the end, and nothing secret leaves before it.
 * The game served by real processes is tested beside this: a SIGKILL mid-round
 * (statefulKill.test.ts) and two processes stepping one round (statefulTwoProcesses.test.ts).
 */
describe.each(testDrivers())('stateful rounds on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let now = Date.UTC(2026, 0, 1)
  const log = { info: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) }
  /** One "process" of the family: its own seeds cache, answers and books over the same rows. */
  const process = (label: string) => {
    const scheduler = { ...realScheduler(), now: () => now }
    const seeds = new SeedPairs(t.services.db, scheduler.now, fixedSeeds(`${driver.name}-${label}`))
    const rounds = new StatefulRounds({
      db: t.services.db,
      ledger: t.services.ledger,
      seeds,
      scheduler,
      log,
    })
    // Every ack goes through the wire's schema, as a client receives it: out of protocol throws.
    const parsed: Pick<StatefulRounds, 'open' | 'step'> = {
      open: async (game, user, cmd) =>
        streakWire.parseAck('open', await rounds.open(game, user, cmd)) as never,
      step: async (game, user, cmd) =>
        streakWire.parseAck(
          cmd.action === undefined ? 'cashout' : 'step',
          await rounds.step(game, user, cmd),
        ) as never,
    }
    return { seeds, rounds: Object.assign(Object.create(rounds) as StatefulRounds, parsed) }
  }
  let a: ReturnType<typeof process>
  let b: ReturnType<typeof process>

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
    a = process('a')
    b = process('b')
  }, 120_000)
  afterAll(async () => {
    await a?.rounds.idle()
    await b?.rounds.idle()
    await t?.close()
    await close?.()
  })

  const balance = async (userId: number) => (await t.services.ledger.balances(userId, 'RUB')).real
  /** The secret next flip, read from the row as only the server can. */
  const nextSide = async (roundId: string) =>
    (
      await db.query<{ state: { next: Side } }>('SELECT state FROM stateful_rounds WHERE id = $1', [
        roundId,
      ])
    )[0]!.state.next
  const flip = (s: Side): Side => (s === 'heads' ? 'tails' : 'heads')
  const openRound = async (user: Player, amount = 1_000) => {
    const ack = await a.rounds.open(STREAK, user, opening(amount))
    if (ack.type !== 'ok') throw new Error(`open refused: ${ack.code}`)
    return ack.round.roundId
  }
  const win = async (user: Player, roundId: RoundId, step: number) =>
    a.rounds.step(STREAK, user, {
      key: key(),
      roundId,
      step,
      action: { call: await nextSide(roundId) },
    })

  it('opens in one transaction, once per key, one round per game', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const cmd = opening(1_000)
    const [first, again] = await Promise.all([
      a.rounds.open(STREAK, user, cmd),
      b.rounds.open(STREAK, user, cmd),
    ])
    expect(first).toMatchObject({ type: 'ok', balance: 9_000, round: { status: 'open', step: 0 } })
    expect(again).toEqual(first)
    // Another tab's open is refused with the round it must show and play on.
    expect(await a.rounds.open(STREAK, user, opening())).toMatchObject({
      type: 'error',
      code: 'game_in_progress',
      round: { roundId: first.type === 'ok' ? first.round.roundId : '', status: 'open', step: 0 },
    })
    expect(await balance(user.userId)).toBe(9_000)
    const pair = await a.seeds.current(user.userId)
    expect(pair.nonce).toBe(1)
  })

  it('refuses an open whole on a limit, bad params or a missing balance', async () => {
    const { user } = await instantPlayer(t.services, 500)
    for (const [cmd, code] of [
      [opening(2_000_000), 'limits'],
      [opening(100, 0), 'bad_request'],
      [opening(1_000), 'balance_not_enough'],
    ] as const) {
      expect(await a.rounds.open(STREAK, user, cmd)).toMatchObject({ type: 'error', code })
    }
    expect(await balance(user.userId)).toBe(500)
    expect((await a.seeds.current(user.userId)).nonce).toBe(0)
    const rows = await db.query('SELECT 1 FROM stateful_rounds WHERE user_id = $1', [user.userId])
    expect(rows).toHaveLength(0)
  })

  it('applies a replayed step once, and refuses another number stale_step with the round', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await openRound(user)
    const step = { key: key(), roundId, step: 0, action: { call: await nextSide(roundId) } }
    const [x, y] = await Promise.all([
      a.rounds.step(STREAK, user, step),
      b.rounds.step(STREAK, user, step),
    ])
    expect(x).toMatchObject({ type: 'ok', balance: null, round: { step: 1, status: 'open' } })
    expect(y).toEqual(x)
    // Later, from a process that never saw it: the recorded answer.
    expect(await process('c').rounds.step(STREAK, user, step)).toEqual(x)
    const stale = await b.rounds.step(STREAK, user, { ...step, key: key() })
    expect(stale).toMatchObject({ type: 'error', code: 'stale_step', round: { step: 1 } })
    const steps = await db.query('SELECT step FROM stateful_steps WHERE round_id = $1', [roundId])
    expect(steps).toHaveLength(1)
  })

  it('pays two racing cash-outs once', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await openRound(user)
    await win(user, roundId, 0)
    const cash = (rounds: StatefulRounds) =>
      rounds.step(STREAK, user, { key: key(), roundId, step: 1 })
    const [x, y] = await Promise.all([cash(a.rounds), cash(b.rounds)])
    for (const ack of [x, y]) {
      expect(ack).toMatchObject({ type: 'ok', balance: 9_000 + 1_980, round: { status: 'won' } })
    }
    expect(await balance(user.userId)).toBe(9_000 + 1_980)
  })

  it('answers a cash-out racing the server’s own end with the settled round', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await openRound(user)
    await win(user, roundId, 0)
    now += ROUND_LIFETIME_MS
    const [, cashed] = await Promise.all([
      a.rounds.expire(STREAK),
      b.rounds.step(STREAK, user, { key: key(), roundId, step: 1 }),
    ])
    expect(cashed).toMatchObject({ type: 'ok', balance: 10_980, round: { status: 'won' } })
    // Whichever came first, a cash-out after the end gets the settled round too.
    const late = await a.rounds.step(STREAK, user, { key: key(), roundId, step: 1 })
    expect(late).toMatchObject({ type: 'ok', balance: 10_980, round: { payout: 1_980 } })
    expect(await balance(user.userId)).toBe(10_980)
  })

  it('pays at once a step that reaches the payout cap', async () => {
    const { user } = await instantPlayer(t.services, 1_000_000)
    const roundId = await openRound(user, 1_000_000)
    let ack = await win(user, roundId, 0)
    for (let step = 1; ack.type === 'ok' && ack.round.status === 'open'; step++) {
      ack = await win(user, roundId, step)
    }
    // 0.99 x 2^9 = 506.88x is the first multiplier past 500x (500,000,000 RUB minor units).
    expect(ack).toMatchObject({
      type: 'ok',
      balance: 500_000_000,
      round: { status: 'won', step: 9, endReason: 'cap', payout: 500_000_000 },
    })
  })

  it('refuses seed changes while a round is open, whichever process serves them', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await openRound(user)
    // A SeedPairs that registered no stateful game: the refusal is the database's.
    const other = new SeedPairs(t.services.db, () => now, fixedSeeds(`${driver.name}-other`))
    expect(await other.rotate(user.userId)).toBe('game_in_progress')
    expect(await other.setClientSeed(user.userId, 'changed')).toBe('game_in_progress')
    await a.rounds.step(STREAK, user, {
      key: key(),
      roundId,
      step: 0,
      action: { call: flip(await nextSide(roundId)) },
    })
    expect(await other.rotate(user.userId)).toMatchObject({ previous: { nonce: 1 } })
  })

  it('shows nothing secret in an ack or a snapshot before the end', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const opened = await a.rounds.open(STREAK, user, opening())
    const roundId = opened.type === 'ok' ? opened.round.roundId : ('' as RoundId)
    const stepped = await win(user, roundId, 0)
    const snapshot = await b.rounds.current(STREAK, user.userId)
    const { serverSeed } = await a.seeds.current(user.userId)
    for (const shown of [opened, stepped, snapshot]) {
      const text = JSON.stringify(shown)
      expect(text).not.toContain(serverSeed)
      expect(text).not.toContain('"next"')
      expect(text).toContain(`"reveal":null`)
    }
    expect(snapshot).toMatchObject({ status: 'open', step: 1, view: { calls: [{}] } })
    expect(stepped).toMatchObject({ v: STATEFUL_PROTOCOL_VERSION })
  })

  it('settles a round open 30 days at the better of its cash-out and its stake', async () => {
    const idle = (await instantPlayer(t.services, 10_000)).user
    const ahead = (await instantPlayer(t.services, 10_000)).user
    await openRound(idle)
    await win(ahead, await openRound(ahead), 0)
    now += ROUND_LIFETIME_MS - 1
    await a.rounds.expire(STREAK)
    expect(await a.rounds.current(STREAK, idle.userId)).toMatchObject({ status: 'open' })
    now += 1
    // Other tests' rounds are as old: at least these two.
    expect(await a.rounds.expire(STREAK)).toBeGreaterThanOrEqual(2)
    expect(await balance(idle.userId)).toBe(10_000)
    expect(await balance(ahead.userId)).toBe(9_000 + 1_980)
    expect(await a.rounds.current(STREAK, idle.userId)).toBeNull()
    // A break or a self-exclusion settles on the same terms (the call those features will make).
    const leaving = (await instantPlayer(t.services, 10_000)).user
    await win(leaving, await openRound(leaving), 0)
    expect(await a.rounds.closeFor(STREAK, leaving.userId)).toBe(1)
    expect(await balance(leaving.userId)).toBe(9_000 + 1_980)
  })

  it('pays at start a round a stopped process decided and did not pay', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await openRound(user)
    // The decision written, the process gone before the ledger paid.
    await db.query(
      `UPDATE stateful_rounds SET status = 'ending', payout = 0, end_reason = 'lost',
         ended_at = updated_at WHERE id = $1`,
      [roundId],
    )
    expect(await process('restarted').rounds.recover(STREAK)).toBeGreaterThanOrEqual(1)
    const [row] = await db.query<{ status: string }>(
      'SELECT status FROM stateful_rounds WHERE id = $1',
      [roundId],
    )
    expect(row!.status).toBe('lost')
    expect(await balance(user.userId)).toBe(9_000)
  })

  it('keeps the ledger balanced, overdraft-free and summing to zero', async () => {
    await checkInvariants(db)
  })
})
