import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, type BetId } from '../../../games/crash/protocol'
import { crashTimeMs, maxWin, msToReach, payout, type Multiplier } from '../../../games/crash/rules'
import { crashPoint, verifyChain, type CrashPoint } from '../../../games/engine/fairness'
import type { Minor } from '../../../games/engine/money'
import type { Services } from '../../services'
import { holdReference } from '../kit/BetBook'
import type { Player } from '../kit/player'
import { fakeScheduler } from '../kit/scheduler'
import {
  BETTING_MS,
  PAUSE_MS,
  T0,
  TEST_SALT,
  betCommand,
  newKey,
  newPlayer,
  openTestServices,
  startTestCrash,
} from './testing'

let services: Services

beforeAll(async () => {
  services = await openTestServices()
}, 60_000)
afterAll(async () => {
  await services.db.close()
})
beforeEach(async () => {
  await services.db.exec(
    'DELETE FROM crash_bets; DELETE FROM crash_rounds; DELETE FROM crash_chains;',
  )
})

type Harness = Awaited<ReturnType<typeof startTestCrash>>

async function roundWhere(h: Harness, accept: (cp: CrashPoint) => boolean) {
  for (let i = 0; i < 100; i++) {
    const { game } = h.crash.currentRound()
    const cp = h.crash.chain.crashPointOf(game)
    if (accept(cp)) return { game, cp }
    await h.advance(BETTING_MS + crashTimeMs(cp) + PAUSE_MS)
  }
  throw new Error('no round fits')
}

const balances = (user: Player) => services.ledger.balances(user.userId, 'RUB')
const betIdOf = (ack: unknown) => (ack as { betId: BetId }).betId

/** Every hold of `users`: each closed exactly once, or still open. */
async function holdsOf(users: Player[]) {
  return services.db.query<{
    user_id: number
    status: string
    payout: number | null
    closes: number
  }>(
    `SELECT h.user_id, h.status, h.payout,
       (SELECT count(*)::int FROM ledger_transactions t
        WHERE t.id = h.close_transaction_id) AS closes
     FROM ledger_holds h WHERE h.user_id = ANY($1) ORDER BY h.id`,
    [users.map((u) => u.userId)],
  )
}

describe('restart in the middle of a round', () => {
  it('refunds open bets, pays recorded cash-outs, keeps queued bets, and loses nothing', async () => {
    const first = await startTestCrash(services)
    const { game, cp } = await roundWhere(first, (c) => c >= 400)
    const players = await Promise.all(
      ['open', 'auto', 'manual', 'granted', 'queued', 'holding'].map(() =>
        newPlayer(services, 100_000),
      ),
    )
    const [open, auto, manual, granted, queued, holding] = players.map((p) => p.user) as [
      Player,
      Player,
      Player,
      Player,
      Player,
      Player,
    ]
    const c = first.crash
    await c.placeBet(open, betCommand(10_000))
    await c.placeBet(auto, betCommand(10_000, 150))
    const manualAck = await c.placeBet(manual, betCommand(10_000))
    await c.placeBet(granted, betCommand(10_000))
    await first.advance(BETTING_MS + msToReach(160))
    const manualOut = await c.cashOut(manual, {
      type: 'cashOut',
      v: PROTOCOL_VERSION,
      key: newKey(),
      betId: betIdOf(manualAck),
    })
    expect(manualOut.type).toBe('ok')
    const queuedCmd = betCommand(7_000)
    const queuedAck = await c.placeBet(queued, queuedCmd)
    expect(queuedAck).toMatchObject({ status: 'queued', roundId: String(game + 1) })
    await c.stop()

    // Two stops between writes that the loop makes in order: a cash-out recorded on the bet but
    // not yet paid, and a stake held for a bet row not yet marked active.
    await services.db.query(
      `UPDATE crash_bets SET cashout_at = 130, win = 13000 WHERE user_id = $1`,
      [granted.userId],
    )
    const orphanId = 'b-orphan-hold'
    await services.db.query(
      `INSERT INTO crash_bets (id, chain_id, game, user_id, client_key, player, amount, currency, status, created_at)
       SELECT $1, id, $2, $3, 'orphan-key-1', 'x', 5000, 'RUB', 'holding', 0 FROM crash_chains`,
      [orphanId, game, holding.userId],
    )
    await services.ledger.hold({
      userId: holding.userId,
      currency: 'RUB',
      amount: 5_000,
      key: 'orphan-hold-1',
      reference: holdReference('crash', orphanId),
    })

    const later = fakeScheduler(T0 + 3_600_000)
    const second = await startTestCrash(services, {}, later)
    await second.crash.idle()
    const autoWin = payout(10_000 as Minor, 150 as Multiplier, maxWin('RUB'))
    const manualWin = (manualOut as { win: number }).win
    expect(await balances(open)).toEqual({ real: 100_000, bonus: 0, held: 0 })
    expect(await balances(auto)).toEqual({ real: 90_000 + autoWin, bonus: 0, held: 0 })
    expect(await balances(manual)).toEqual({ real: 90_000 + manualWin, bonus: 0, held: 0 })
    expect(await balances(granted)).toEqual({ real: 103_000, bonus: 0, held: 0 })
    expect(await balances(holding)).toEqual({ real: 100_000, bonus: 0, held: 0 })
    expect(await balances(queued)).toEqual({ real: 93_000, bonus: 0, held: 7_000 })
    const holds = await holdsOf([open, auto, manual, granted, holding, queued])
    expect(holds.map((x) => [x.status, x.payout, x.closes])).toEqual([
      ['refunded', 0, 1],
      ['won', autoWin, 1],
      ['won', manualWin, 1],
      ['won', 13_000, 1],
      ['open', null, 0],
      ['refunded', 0, 1],
    ])

    // The aborted round is revealed and verifiable; the next game opens with the queued bet.
    const snap = await second.crash.snapshot(queued)
    expect(snap.history[0]).toMatchObject({ roundId: String(game), crashPoint: cp })
    expect(crashPoint(snap.history[0]!.roundHash, TEST_SALT)).toBe(cp)
    expect(verifyChain(snap.history[0]!.roundHash, game, second.crash.chain.terminatingHash)).toBe(
      true,
    )
    expect(snap.round).toMatchObject({ id: String(game + 1), phase: 'betting' })
    expect(snap.me?.bets).toMatchObject([{ betId: betIdOf(queuedAck), status: 'active' }])
    // A retry of the queued bet's key after the restart is the same bet; a new key is a second.
    expect(await second.crash.placeBet(queued, queuedCmd)).toEqual(queuedAck)
    expect(await second.crash.placeBet(queued, betCommand(7_000))).toMatchObject({
      code: 'duplicate',
    })

    // A third start changes nothing: every hold of the aborted round was closed exactly once.
    await second.crash.stop()
    const third = await startTestCrash(services, {}, fakeScheduler(T0 + 7_200_000))
    await third.crash.idle()
    expect(await holdsOf([open, auto, manual, granted, holding, queued])).toEqual(holds)
    // The queued bet plays its round and settles.
    const next = third.crash.chain.crashPointOf(game + 1)
    await third.advance(BETTING_MS + crashTimeMs(next))
    const last = await holdsOf([queued])
    expect(last[0]!.status).toBe('lost')
    await third.crash.stop()
  })

  it('settles as the crash decided when a stop fell between the crash and the settles', async () => {
    const first = await startTestCrash(services)
    const { game, cp } = await roundWhere(first, (c) => c >= 200)
    const winner = (await newPlayer(services, 20_000)).user
    const loser = (await newPlayer(services, 20_000)).user
    await first.crash.placeBet(winner, betCommand(1_000, 150))
    await first.crash.placeBet(loser, betCommand(1_000, cp + 1))
    await first.advance(BETTING_MS + 10)
    await first.crash.stop()
    // The crash was written, then the process died before any settle ran.
    await services.db.query(
      `UPDATE crash_rounds SET phase = 'crashed', ended_at = 1, crash_point = $2, round_hash = $3
       WHERE game = $1`,
      [game, cp, first.crash.chain.hashOf(game)],
    )
    const second = await startTestCrash(services, {}, fakeScheduler(T0 + 3_600_000))
    await second.crash.idle()
    const win = payout(1_000 as Minor, 150 as Multiplier, maxWin('RUB'))
    expect(await balances(winner)).toEqual({ real: 19_000 + win, bonus: 0, held: 0 })
    expect(await balances(loser)).toEqual({ real: 19_000, bonus: 0, held: 0 })
    expect((await holdsOf([winner, loser])).map((x) => [x.status, x.closes])).toEqual([
      ['won', 1],
      ['lost', 1],
    ])
    expect(second.crash.currentRound().game).toBe(game + 1)
    await second.crash.stop()
  })

  it('reopens a round stopped during betting with its bets standing', async () => {
    const first = await startTestCrash(services)
    const { user } = await newPlayer(services, 50_000)
    const cmd = betCommand(10_000, null, 'reopen-key-0001')
    const ack = await first.crash.placeBet(user, cmd)
    const { game } = first.crash.currentRound()
    await first.crash.stop()
    const second = await startTestCrash(services, {}, fakeScheduler(T0 + 60_000))
    expect(second.crash.currentRound()).toMatchObject({ game, phase: 'betting' })
    expect(second.emitter.events[0]).toMatchObject({
      type: 'betting',
      roundId: String(game),
      bettingEndsAt: T0 + 60_000 + BETTING_MS,
    })
    // Same key after the restart: the first answer, not a second bet.
    expect(await second.crash.placeBet(user, cmd)).toEqual(ack)
    expect(await balances(user)).toMatchObject({ real: 40_000, held: 10_000 })
    await second.advance(BETTING_MS + msToReach(101))
    const cp = second.crash.chain.crashPointOf(game)
    const out = await second.crash.cashOut(user, {
      type: 'cashOut',
      v: PROTOCOL_VERSION,
      key: newKey(),
      betId: betIdOf(ack),
    })
    expect(out.type).toBe(cp > 101 ? 'ok' : 'error')
    await second.advance(crashTimeMs(cp))
    expect((await balances(user)).held).toBe(0)
    await second.crash.stop()
  })
})
