import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { floatCursor } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import { kenoGame } from '../../games/keno/game'
import { kenoLogic } from '../../games/keno/protocol'
import { kenoRules, type KenoParams } from '../../games/keno/rules'
import { loadConfig } from '../../server/config'
import { instantKit, type InstantKit } from '../../server/games/kit/instant/kit'
import { instantGameModule } from '../../server/games/kit/instant/module'
import { fixedSeeds, instantBet, instantPlayer } from '../../server/games/kit/instant/testing'
import { createServices, type Services } from '../../server/services'
import { testDrivers } from './support/drivers'

const KENO = { id: kenoGame.id, limits: kenoGame.limits, rules: kenoRules }

/**
 * Keno on the instant kit, on each database driver (PGlite, and PostgreSQL where it is
 * installed): the registry's definition makes its module on the `keno` service at `/keno`, and a
 * bet settles in one trip with the draw its rules give for the pair.
 */
describe.each(testDrivers())('keno bets on $name', (driver) => {
  let services: Services
  let kit: InstantKit
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    services = createServices(loadConfig({ LOG_LEVEL: 'silent' }), opened.db)
    kit = instantKit(services, {
      log: { info: () => {}, error: (o, m) => console.error(m, o) },
      seeds: fixedSeeds(`keno-bets-${driver.name}`),
    })
  }, 120_000)
  afterAll(async () => {
    await kit?.bets.idle()
    await close?.()
  })

  const balance = async (userId: number) => (await services.ledger.balances(userId, 'RUB')).real

  it('run on the keno service at /keno, from the definition', () => {
    const module = instantGameModule(kenoGame)
    expect(module).toMatchObject({ id: 'keno', service: 'keno', namespace: '/keno' })
    expect(kenoLogic.params.safeParse(kenoLogic.example).success).toBe(true)
  })

  it('settle ten picks in one trip: the draw and payout of the rules at the nonce', async () => {
    const { user } = await instantPlayer(services, 100_000)
    const pair = await kit.seeds.active(user.userId)
    const params: KenoParams = { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'low' }
    for (let nonce = 0; nonce < 3; nonce++) {
      const before = await balance(user.userId)
      const ack = await kit.bets.place(KENO, user, instantBet(500, params))
      if (ack.type !== 'ok') throw new Error(`refused: ${ack.code}`)
      const expected = kenoRules.settle(
        params,
        500 as Minor,
        floatCursor(pair.serverSeed, pair.clientSeed, nonce),
      )
      expect(ack).toMatchObject({ nonce, ...expected })
      expect(ack.balance).toBe(before - 500 + expected.payout)
      expect(await balance(user.userId)).toBe(ack.balance)
    }
  })

  it('refuse, moving nothing, repeated picks and a stake whose best hit passes the maximum payout', async () => {
    const { user } = await instantPlayer(services, 2_000_000_000)
    const twice = await kit.bets.place(KENO, user, instantBet(100, { picks: [4, 4], risk: 'low' }))
    expect(twice).toMatchObject({ type: 'error', code: 'bad_request' })
    // High, ten picks, ten hits pays 1000x: 10,000 RUB would pay 10,000,000 RUB.
    const ten = Array.from({ length: 10 }, (_, i) => i + 1)
    const big = await kit.bets.place(
      KENO,
      user,
      instantBet(1_000_000, { picks: ten, risk: 'high' }),
    )
    expect(big).toMatchObject({ type: 'error', code: 'max_payout' })
    expect(await balance(user.userId)).toBe(2_000_000_000)
    expect((await kit.seeds.current(user.userId)).nonce).toBe(0)
  })
})
