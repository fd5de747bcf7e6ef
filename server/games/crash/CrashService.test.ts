import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, type BetId } from '../../../games/crash/protocol'
import {
  crashTimeMs,
  maxWin,
  msToReach,
  multiplierAt,
  payout,
  type Multiplier,
} from '../../../games/crash/rules'
import {
  crashChainPublicationSchema,
  crashPoint,
  previousGameHash,
  verifyChain,
  walkChain,
  type CrashPoint,
} from '../../../games/engine/fairness'
import type { Minor } from '../../../games/engine/money'
import type { Services } from '../../services'
import type { Player } from '../kit/player'
import {
  BETTING_MS,
  PAUSE_MS,
  T0,
  TEST_SALT,
  TEST_SEED,
  betCommand,
  newKey,
  newPlayer,
  openTestServices,
  startTestCrash,
} from './testing'

type Harness = Awaited<ReturnType<typeof startTestCrash>>

let services: Services
let h: Harness

beforeAll(async () => {
  services = await openTestServices()
}, 60_000)
afterAll(async () => {
  await services.db.close()
})
beforeEach(async () => {
  // A fresh game on the shared database (opening PGlite per test would cost seconds each).
  await services.db.exec(
    'DELETE FROM crash_bets; DELETE FROM crash_rounds; DELETE FROM crash_chains;',
  )
  h = await startTestCrash(services)
})
afterEach(async () => {
  await h.crash.stop()
})

/** From the start of a betting window, plays rounds until one whose crash point fits. */
async function roundWhere(accept: (cp: CrashPoint) => boolean) {
  for (let i = 0; i < 100; i++) {
    const { game, phase } = h.crash.currentRound()
    expect(phase).toBe('betting')
    const cp = h.crash.chain.crashPointOf(game)
    if (accept(cp)) return { game, cp }
    await h.advance(BETTING_MS + crashTimeMs(cp) + PAUSE_MS)
  }
  throw new Error('no round fits')
}

const cashOut = (user: Player, betId: BetId, key = newKey()) =>
  h.crash.cashOut(user, { type: 'cashOut', v: PROTOCOL_VERSION, key, betId })

const real = async (user: Player) => (await services.ledger.balances(user.userId, 'RUB')).real

describe('round lifecycle', () => {
  it('runs betting → started → crashed → pause → betting on the scheduler, state changes only', async () => {
    const cp = h.crash.chain.crashPointOf(1)
    expect(h.emitter.events).toEqual([
      { type: 'betting', v: 1, roundId: '1', bettingEndsAt: T0 + BETTING_MS },
    ])
    await h.advance(BETTING_MS)
    expect(h.emitter.events.at(-1)).toEqual({
      type: 'started',
      v: 1,
      roundId: '1',
      startedAt: T0 + BETTING_MS,
    })
    if (crashTimeMs(cp) > 0) {
      await h.advance(crashTimeMs(cp) - 1)
      expect(h.emitter.ofType('crashed')).toHaveLength(0)
    }
    await h.advance(crashTimeMs(cp) > 0 ? 1 : 0)
    const crashed = h.emitter.ofType('crashed')[0]!
    expect(crashed).toMatchObject({ roundId: '1', crashPoint: cp, salt: TEST_SALT })
    expect(crashed.crashedAt).toBe(T0 + BETTING_MS + crashTimeMs(cp))
    await h.advance(PAUSE_MS)
    expect(h.emitter.events.map((e) => e.type)).toEqual([
      'betting',
      'started',
      'crashed',
      'betting',
    ])
    expect(h.crash.currentRound()).toMatchObject({ game: 2, phase: 'betting' })
    const rows = await services.db.query<{ phase: string; crash_point: number }>(
      'SELECT phase, crash_point FROM crash_rounds ORDER BY game',
    )
    expect(rows).toEqual([
      { phase: 'crashed', crash_point: cp },
      { phase: 'betting', crash_point: null },
    ])
  })

  it('reveals crash points that verify and hashes that chain to the terminating hash', async () => {
    for (let i = 0; i < 12; i++) {
      const cp = h.crash.chain.crashPointOf(h.crash.currentRound().game)
      await h.advance(BETTING_MS + crashTimeMs(cp) + PAUSE_MS)
    }
    const crashedEvents = h.emitter.ofType('crashed')
    expect(crashedEvents.length).toBeGreaterThan(10)
    const { terminatingHash } = h.crash.chain
    expect(terminatingHash).toBe(walkChain(TEST_SEED, 5000))
    for (const c of crashedEvents) {
      expect(crashPoint(c.roundHash, c.salt)).toBe(c.crashPoint)
      expect(verifyChain(c.roundHash, Number(c.roundId), terminatingHash)).toBe(true)
    }
    // Each revealed hash commits to the one revealed before it.
    for (let i = 1; i < crashedEvents.length; i++) {
      expect(previousGameHash(crashedEvents[i]!.roundHash)).toBe(crashedEvents[i - 1]!.roundHash)
    }
    const snap = await h.crash.snapshot(null)
    expect(snap.history[0]?.roundHash).toBe(crashedEvents.at(-1)?.roundHash)
    expect(snap.fairness).toEqual({ salt: TEST_SALT, terminatingHash })
  })

  it('publishes the chain once for `npm run fair` and keeps it across starts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crash-chain-'))
    try {
      const path = join(dir, 'crash-chain.json')
      const again = await startTestCrash(services, {
        publicationPath: path,
        chain: { seedHash: 'ff'.repeat(32), salt: 'other', length: 10 },
      })
      await again.crash.stop()
      const published = crashChainPublicationSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      // The chain made at first start stands: the second start's chain options are ignored.
      expect(published).toEqual({
        terminatingHash: walkChain(TEST_SEED, 5000),
        salt: TEST_SALT,
        length: 5000,
      })
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})

describe('bets and cash-outs', () => {
  it('holds a bet and settles a manual cash-out at the server multiplier, exactly', async () => {
    const { user } = await newPlayer(services, 100_000)
    const { game } = await roundWhere((cp) => cp >= 200)
    const ack = await h.crash.placeBet(user, betCommand(10_000))
    expect(ack).toMatchObject({
      type: 'ok',
      roundId: String(game),
      status: 'placed',
      balance: 90_000,
    })
    expect(await services.ledger.balances(user.userId, 'RUB')).toMatchObject({ held: 10_000 })
    await h.advance(BETTING_MS + msToReach(150) + 7)
    const startedAt = h.crash.currentRound().startedAt!
    const at = multiplierAt(h.clock.now() - startedAt)
    const betId = (ack as { betId: BetId }).betId
    const out = await cashOut(user, betId)
    const win = payout(10_000 as Minor, at, maxWin('RUB'))
    expect(out).toEqual({ type: 'ok', v: 1, betId, cashoutAt: at, win, balance: 90_000 + win })
    expect(await services.ledger.balances(user.userId, 'RUB')).toMatchObject({
      real: 90_000 + win,
      held: 0,
    })
    await h.advance(250)
    const rows = h.emitter.ofType('bets').flatMap((e) => e.bets)
    expect(rows.at(-1)).toMatchObject({ betId, status: 'cashedOut', cashoutAt: at, win })
  })

  it('pays concurrent cash-outs of one bet once, with one answer', async () => {
    const { user } = await newPlayer(services, 100_000)
    await roundWhere((cp) => cp >= 200)
    const ack = await h.crash.placeBet(user, betCommand(10_000))
    const betId = (ack as { betId: BetId }).betId
    await h.advance(BETTING_MS + msToReach(130))
    const answers = await Promise.all(Array.from({ length: 6 }, () => cashOut(user, betId)))
    expect(answers[0]!.type).toBe('ok')
    for (const a of answers) expect(a).toEqual(answers[0])
    const win = (answers[0] as { win: number }).win
    expect(await real(user)).toBe(90_000 + win)
    const holds = await services.db.query<{ status: string; payout: number }>(
      'SELECT status, payout FROM ledger_holds WHERE user_id = $1',
      [user.userId],
    )
    expect(holds).toEqual([{ status: 'won', payout: win }])
    // After the crash, a late repeat still gets the same decision, not a second payout.
    await h.advance(crashTimeMs(h.crash.chain.crashPointOf(h.crash.currentRound().game)))
    expect(await cashOut(user, betId)).toMatchObject({ type: 'ok', win })
    expect(await real(user)).toBe(90_000 + win)
  })

  it('treats a retried bet (same key) as one bet with the first answer', async () => {
    const { user } = await newPlayer(services, 100_000)
    const cmd = betCommand(10_000)
    const [a, b] = await Promise.all([h.crash.placeBet(user, cmd), h.crash.placeBet(user, cmd)])
    expect(a.type).toBe('ok')
    expect(b).toEqual(a)
    // The key decides, not the body: a retry with another amount is still the first bet.
    expect(await h.crash.placeBet(user, { ...cmd, amount: 20_000 as Minor })).toEqual(a)
    expect(await real(user)).toBe(90_000)
    const count = await services.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM crash_bets WHERE user_id = $1',
      [user.userId],
    )
    expect(count[0]!.n).toBe(1)
    // Another key in the same round is a second bet, refused.
    expect(await h.crash.placeBet(user, betCommand(10_000))).toMatchObject({ code: 'duplicate' })
  })

  it('queues a bet placed while the round runs, holding it now, for the next round', async () => {
    const { user } = await newPlayer(services, 100_000)
    const { game, cp } = await roundWhere((c) => c >= 150)
    await h.advance(BETTING_MS + 10)
    const ack = await h.crash.placeBet(user, betCommand(5_000))
    expect(ack).toMatchObject({ status: 'queued', roundId: String(game + 1), balance: 95_000 })
    const snap = await h.crash.snapshot(user)
    expect(snap.me?.bets).toMatchObject([{ status: 'queued', roundId: String(game + 1) }])
    expect(snap.bets).toEqual([])
    await h.advance(crashTimeMs(cp))
    expect(h.emitter.settled).toEqual([])
    await h.advance(PAUSE_MS + 250)
    const betId = (ack as { betId: BetId }).betId
    const feed = h.emitter.ofType('bets').at(-1)!
    expect(feed.roundId).toBe(String(game + 1))
    expect(feed.bets).toMatchObject([{ betId, status: 'active' }])
    expect(await services.ledger.balances(user.userId, 'RUB')).toMatchObject({ held: 5_000 })
  })

  it('executes auto cash-out at exactly the target; ties with the crash point win; above loses', async () => {
    const { cp } = await roundWhere((c) => c >= 300)
    const early = await newPlayer(services, 100_000)
    const tie = await newPlayer(services, 100_000)
    const above = await newPlayer(services, 100_000)
    const target = 200 as Multiplier
    for (const [p, auto] of [
      [early, target],
      [tie, cp],
      [above, cp + 1],
    ] as const) {
      expect(await h.crash.placeBet(p.user, betCommand(2_000, auto))).toMatchObject({ type: 'ok' })
    }
    await h.advance(BETTING_MS + msToReach(target) - 1)
    expect(h.emitter.settled).toEqual([])
    await h.advance(1)
    const win = payout(2_000 as Minor, target, maxWin('RUB'))
    expect(h.emitter.settled).toMatchObject([
      { userId: early.user.userId, event: { status: 'cashedOut', cashoutAt: target, win } },
    ])
    await h.advance(crashTimeMs(cp))
    const byUser = (p: { user: Player }) =>
      h.emitter.settled.find((s) => s.userId === p.user.userId)?.event
    const tieWin = payout(2_000 as Minor, cp as number as Multiplier, maxWin('RUB'))
    expect(byUser(tie)).toMatchObject({ status: 'cashedOut', cashoutAt: cp, win: tieWin })
    expect(byUser(above)).toMatchObject({ status: 'lost', cashoutAt: null, win: 0 })
    expect(await real(early.user)).toBe(98_000 + win)
    expect(await real(tie.user)).toBe(98_000 + tieWin)
    expect(await real(above.user)).toBe(98_000)
    // The feed showed every outcome of the round before its crash.
    const crashIndex = h.emitter.events.findIndex((e) => e.type === 'crashed')
    const before = h.emitter.events
      .slice(0, crashIndex)
      .flatMap((e) => (e.type === 'bets' ? e.bets : []))
    expect(before.filter((r) => r.status !== 'active')).toHaveLength(3)
  })

  it('refuses a bet beyond the balance or the limits, and any bet from a guest', async () => {
    const { user } = await newPlayer(services, 5_000)
    const poor = betCommand(6_000)
    expect(await h.crash.placeBet(user, poor)).toEqual({
      type: 'error',
      v: 1,
      code: 'balance_not_enough',
    })
    expect(await h.crash.placeBet(user, poor)).toMatchObject({ code: 'balance_not_enough' })
    expect(await h.crash.placeBet(user, betCommand(99))).toMatchObject({ code: 'limits' })
    expect(await h.crash.placeBet(user, betCommand(5_000_001))).toMatchObject({ code: 'limits' })
    expect(await h.crash.placeBet(user, betCommand(100, 100))).toMatchObject({ code: 'limits' })
    const usd = { ...betCommand(100), currency: 'USD' as const }
    expect(await h.crash.placeBet(user, usd)).toMatchObject({ code: 'bad_request' })
    expect(await h.crash.placeBet(null, betCommand(100))).toMatchObject({ code: 'unauthorized' })
    const fake = 'b-nope' as BetId
    expect(
      await h.crash.cashOut(null, { type: 'cashOut', v: 1, key: newKey(), betId: fake }),
    ).toMatchObject({ code: 'unauthorized' })
    expect(await real(user)).toBe(5_000)
    // The refused bet is not standing: a smaller one with a new key goes through.
    expect(await h.crash.placeBet(user, betCommand(5_000))).toMatchObject({
      type: 'ok',
      balance: 0,
    })
  })

  it('cancels a bet while betting (refund), not once the round runs', async () => {
    const { user } = await newPlayer(services, 10_000)
    const ack = await h.crash.placeBet(user, betCommand(4_000))
    const betId = (ack as { betId: BetId }).betId
    const cancel = () => h.crash.cancelBet(user, { type: 'cancelBet', v: 1, key: newKey(), betId })
    const first = await cancel()
    expect(first).toEqual({ type: 'ok', v: 1, betId, balance: 10_000 })
    expect(await cancel()).toEqual(first)
    expect((await h.crash.snapshot(user)).me?.bets).toEqual([])
    const next = await h.crash.placeBet(user, betCommand(4_000))
    await h.advance(BETTING_MS)
    const late = await h.crash.cancelBet(user, {
      type: 'cancelBet',
      v: 1,
      key: newKey(),
      betId: (next as { betId: BetId }).betId,
    })
    expect(late).toMatchObject({ code: 'betting_closed' })
    // A queued bet can be withdrawn while the round before it runs.
    const other = await newPlayer(services, 10_000)
    const queued = await h.crash.placeBet(other.user, betCommand(3_000))
    expect(queued).toMatchObject({ status: 'queued', balance: 7_000 })
    const withdrawn = await h.crash.cancelBet(other.user, {
      type: 'cancelBet',
      v: 1,
      key: newKey(),
      betId: (queued as { betId: BetId }).betId,
    })
    expect(withdrawn).toMatchObject({ type: 'ok', balance: 10_000 })
  })
})
