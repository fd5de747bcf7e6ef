import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coinflipGame } from '../../games/coinflip/game'
import { coinflipLogic } from '../../games/coinflip/protocol'
import { sideOf, type Side } from '../../games/coinflip/rules'
import { floatCursor } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import type { CommandKey, RoundId } from '../../games/kit/protocol'
import { statefulWireOf } from '../../games/kit/stateful/protocol'
import type { Db } from '../../server/db/db'
import { SeedPairs } from '../../server/games/kit/instant/seeds'
import { fixedSeeds, instantPlayer } from '../../server/games/kit/instant/testing'
import type { Player } from '../../server/games/kit/player'
import { realScheduler } from '../../server/games/kit/scheduler'
import { StatefulRounds } from '../../server/games/kit/stateful/StatefulRounds'
import { testDrivers } from './support/drivers'
import { openTestApp, quietLog, type TestApp } from './support/harness'
import { checkInvariants } from './support/ledgerInvariants'

const key = () => `k-${crypto.randomUUID()}` as CommandKey
const wire = statefulWireOf(coinflipGame, coinflipLogic)
/** Coinflip as the stateful kit plays it: its definition's facts and the logic's rules. */
const COINFLIP = { id: coinflipGame.id, limits: coinflipGame.limits, rules: coinflipLogic.rules }
const other = (side: Side): Side => (side === 'heads' ? 'tails' : 'heads')

/**
 * Coinflip's rules played by the server's stateful rounds on each database driver, every ack
 * parsed by coinflip's wire as a client parses it: its state goes through the rows and back, a
 * streak of three pays 7.92x at the cash-out, a wrong call loses, and no ack of an open round
 * carries more than the flips so far.
 */
describe.each(testDrivers())('coinflip rounds on $name', (driver) => {
  let db: Db
  let t: TestApp
  let rounds: StatefulRounds
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ db, t, close } = await openTestApp(driver))
    const scheduler = realScheduler()
    const seeds = new SeedPairs(db, scheduler.now, fixedSeeds(`coinflip-${driver.name}`))
    rounds = new StatefulRounds({ db, ledger: t.services.ledger, seeds, scheduler, log: quietLog })
  }, 120_000)
  afterAll(async () => {
    await rounds?.idle()
    await close?.()
  })

  /** The sides the round will flip, from its seed pair's server seed, as only the server knows. */
  const sidesOf = async (roundId: RoundId, n: number): Promise<Side[]> => {
    const [row] = await db.query<{ server_seed: string; client_seed: string; nonce: number }>(
      `SELECT p.server_seed, r.client_seed, r.nonce FROM stateful_rounds r
         JOIN seed_pairs p ON p.id = r.seed_pair_id WHERE r.id = $1`,
      [roundId],
    )
    const cursor = floatCursor(row!.server_seed, row!.client_seed, Number(row!.nonce))
    return Array.from({ length: n }, () => sideOf(cursor.next()))
  }
  const open = async (user: Player) => {
    const cmd = { key: key(), amount: 1_000 as Minor, currency: 'RUB' as const, params: {} }
    const ack = wire.parseAck('open', await rounds.open(COINFLIP, user, cmd))
    if (ack.type !== 'ok') throw new Error(`open refused: ${ack.code}`)
    return ack.round
  }
  const call = async (user: Player, roundId: RoundId, step: number, side: Side) =>
    wire.parseAck(
      'step',
      await rounds.step(COINFLIP, user, { key: key(), roundId, step, action: { call: side } }),
    )

  it('pays a streak of three at 7.92x on the cash-out, showing only the flips so far', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const round = await open(user)
    expect(round).toMatchObject({ status: 'open', view: { flips: [], streak: 0 }, reveal: null })
    const sides = await sidesOf(round.roundId, 3)
    for (const [i, side] of sides.entries()) {
      const ack = await call(user, round.roundId, i, side)
      expect(ack).toMatchObject({
        type: 'ok',
        balance: null,
        round: {
          status: 'open',
          step: i + 1,
          multiplier: 9_900 * 2 ** (i + 1),
          view: { flips: sides.slice(0, i + 1).map((s) => ({ call: s, side: s })), streak: i + 1 },
          reveal: null,
        },
      })
    }
    const cashed = wire.parseAck(
      'cashout',
      await rounds.step(COINFLIP, user, { key: key(), roundId: round.roundId, step: 3 }),
    )
    expect(cashed).toMatchObject({
      type: 'ok',
      balance: 9_000 + 7_920,
      round: { status: 'won', endReason: 'cashout', payout: 7_920, reveal: { sides } },
    })
  })

  it('loses on a wrong call, and refuses a cash-out before the first correct call', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const round = await open(user)
    const early = await rounds.step(COINFLIP, user, { key: key(), roundId: round.roundId, step: 0 })
    expect(early).toMatchObject({ type: 'error', code: 'bad_request' })
    const [first] = await sidesOf(round.roundId, 1)
    const ack = await call(user, round.roundId, 0, other(first!))
    expect(ack).toMatchObject({
      type: 'ok',
      balance: 9_000,
      round: {
        status: 'lost',
        endReason: 'lost',
        payout: 0,
        view: { flips: [{ call: other(first!), side: first }], streak: 0 },
        reveal: { sides: [first] },
      },
    })
    await checkInvariants(db)
  })
})
