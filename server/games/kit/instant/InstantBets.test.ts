import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { floatCursor } from '../../../../games/engine/fairness'
import { diceRules } from '../../../../games/dice/rules'
import type { Minor } from '../../../../games/engine/money'
import type { Services } from '../../../services'
import { openTestServices } from '../../crash/testing'
import { instantKit, type InstantKit } from './kit'
import { DICE, LOSING_DICE, ROULETTE, fixedSeeds, instantBet, instantPlayer } from './testing'

let services: Services
let kit: InstantKit

beforeAll(async () => {
  services = await openTestServices()
  kit = instantKit(services, {
    log: { info: () => {}, error: (o, m) => console.error(m, o) },
    seeds: fixedSeeds('instant-bets'),
  })
}, 60_000)
afterAll(async () => {
  await kit.bets.idle()
  await services.db.close()
})

const balance = async (userId: number) => (await services.ledger.balances(userId, 'RUB')).real

describe('instant bets', () => {
  it('settles a bet in one trip, drawn from the active pair at its nonce', async () => {
    const { user } = await instantPlayer(services, 10_000)
    const pair = await kit.seeds.active(user.userId)
    const params = { target: 5000, direction: 'under' } as const
    const ack = await kit.bets.place(DICE, user, instantBet(100, params))
    expect(ack.type).toBe('ok')
    if (ack.type !== 'ok') return
    const expected = diceRules.settle(
      params,
      100 as Minor,
      floatCursor(pair.serverSeed, pair.clientSeed, 0),
    )
    expect(ack.payout).toBe(expected.payout)
    expect(ack.outcome).toEqual(expected.outcome)
    expect(ack).toMatchObject({ nonce: 0, serverSeedHash: pair.serverSeedHash })
    expect(ack.balance).toBe(10_000 - 100 + ack.payout)
    expect(await balance(user.userId)).toBe(ack.balance)
    expect((await kit.seeds.current(user.userId)).nonce).toBe(1)
  })

  it('answers a repeated key with the first answer and moves money once', async () => {
    const { user } = await instantPlayer(services, 10_000)
    const cmd = instantBet(100, LOSING_DICE)
    const [a, b] = await Promise.all([
      kit.bets.place(DICE, user, cmd),
      kit.bets.place(DICE, user, cmd),
    ])
    const c = await kit.bets.place(DICE, user, cmd)
    expect(b).toEqual(a)
    expect(c).toEqual(a)
    expect(await balance(user.userId)).toBe(9_900)
    expect((await kit.seeds.current(user.userId)).nonce).toBe(1)
  })

  it('refuses whole, before any draw, what the limits, the rules or the max payout refuse', async () => {
    const { user } = await instantPlayer(services, 100_000_000)
    const refusals = [
      [instantBet(99, LOSING_DICE), 'limits'],
      [instantBet(1_000_001, LOSING_DICE), 'limits'],
      [instantBet(100, { target: 0, direction: 'under' }), 'bad_request'],
      [instantBet(100, LOSING_DICE, undefined, 'USD'), 'bad_request'],
      // 0.01 % pays 9900x: 5,000,000 RUB max payout / 9900 is 505.05 RUB, so 505.06 is too much.
      [instantBet(50_506, LOSING_DICE), 'max_payout'],
    ] as const
    for (const [cmd, code] of refusals) {
      expect(await kit.bets.place(DICE, user, cmd)).toEqual({ type: 'error', v: 1, code })
    }
    expect(
      await kit.bets.place(
        ROULETTE,
        user,
        instantBet(200, { bets: [{ kind: 'red', amount: 100 }] } as never),
      ),
    ).toMatchObject({ code: 'bad_request' })
    expect(await balance(user.userId)).toBe(100_000_000)
    expect((await kit.seeds.current(user.userId)).nonce).toBe(0)
  })

  it('refuses a bet the balance cannot cover, leaving the nonce for the next', async () => {
    const { user } = await instantPlayer(services, 250)
    expect(await kit.bets.place(DICE, user, instantBet(200, LOSING_DICE))).toMatchObject({
      type: 'ok',
      nonce: 0,
      payout: 0,
    })
    expect(await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))).toMatchObject({
      code: 'balance_not_enough',
    })
    expect(await balance(user.userId)).toBe(50)
    await services.ledger.deposit({
      userId: user.userId,
      currency: 'RUB',
      amount: 50,
      key: `top-${user.userId}`,
    })
    expect(await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))).toMatchObject({
      type: 'ok',
      nonce: 1,
    })
  })

  it('gives two processes betting for one player distinct nonces (a stale one is drawn again)', async () => {
    const { user } = await instantPlayer(services, 1_000_000)
    // A second process: its own kit (memory) over the same database.
    const other = instantKit({ ...services }, { seeds: fixedSeeds('other-process') })
    const acks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : kit).bets.place(DICE, user, instantBet(100, LOSING_DICE)),
      ),
    )
    expect(acks.filter((a) => a.type !== 'ok')).toEqual([])
    const nonces = acks.map((a) => (a.type === 'ok' ? a.nonce : -1)).sort((x, y) => x - y)
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect((await kit.seeds.current(user.userId)).nonce).toBe(20)
  })

  it('accepts the largest stake whose best outcome fits the maximum payout', async () => {
    const { user } = await instantPlayer(services, 100_000_000)
    // 505.05 RUB at 9900x pays 4,999,999.50 RUB: within the 5,000,000 RUB of maxBetPayout.
    expect(await kit.bets.place(DICE, user, instantBet(50_505, LOSING_DICE))).toMatchObject({
      type: 'ok',
    })
  })

  it("checks the amount by the game's own rule when it has one, in place of its bet limits", async () => {
    const { user } = await instantPlayer(services, 100_000)
    // A game priced per item, as cases are: the stake must be 0.40 RUB x the count, whatever
    // betLimits say (0.40 RUB is below every bet minimum).
    const priced = {
      id: 'priced',
      rules: {
        ...diceRules,
        amountRefusal: (_: unknown, amount: Minor) => (amount % 40 === 0 ? null : 'limits'),
      },
    } as const
    expect(await kit.bets.place(priced, user, instantBet(40, LOSING_DICE))).toMatchObject({
      type: 'ok',
    })
    expect(await kit.bets.place(priced, user, instantBet(100, LOSING_DICE))).toMatchObject({
      code: 'limits',
    })
    // Without a rule, a game outside betLimits has no legal amount.
    const unpriced = { id: 'unpriced', rules: diceRules }
    expect(await kit.bets.place(unpriced, user, instantBet(100, LOSING_DICE))).toMatchObject({
      code: 'limits',
    })
    expect(await balance(user.userId)).toBe(100_000 - 40)
  })

  it('draws again when another process changed the client seed since this one read the pair', async () => {
    const { user } = await instantPlayer(services, 10_000)
    await kit.seeds.active(user.userId) // this process now holds the pair in memory
    const other = instantKit({ ...services }, { seeds: fixedSeeds('seed-changer') })
    await other.seeds.setClientSeed(user.userId, 'changed elsewhere')
    const ack = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    if (ack.type !== 'ok') throw new Error(ack.code)
    const pair = await kit.seeds.active(user.userId)
    const drawn = diceRules.settle(
      LOSING_DICE,
      100 as Minor,
      floatCursor(pair.serverSeed, 'changed elsewhere', 0),
    )
    expect(ack.outcome).toEqual(drawn.outcome)
    const rows = await services.db.query<{ client_seed: string }>(
      `SELECT client_seed FROM instant_bets WHERE id = $1`,
      [ack.betId],
    )
    expect(rows[0]?.client_seed).toBe('changed elsewhere')
  })

  it('refuses a guest', async () => {
    expect(await kit.bets.place(DICE, null, instantBet(100, LOSING_DICE))).toMatchObject({
      code: 'unauthorized',
    })
  })
})
