import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  betHistoryResponse,
  betProofResponse,
  rotateSeedsResponse,
  seedPairResponse,
} from '../../contract'
import { diceOutcomeSchema, diceParamsSchema } from '../../games/dice/protocol'
import { diceRules } from '../../games/dice/rules'
import { floatCursor, hashServerSeed } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import { rouletteOutcomeSchema, rouletteParamsSchema } from '../../games/roulette/protocol'
import { rouletteRules, type RouletteBet } from '../../games/roulette/rules'
import { runFair } from '../../scripts/fair'
import type { Db } from '../../server/db/db'
import { instantKit, type InstantKit } from '../../server/games/kit/instant/kit'
import {
  DICE,
  LOSING_DICE,
  ROULETTE,
  fixedSeeds,
  instantBet,
  instantPlayer,
} from '../../server/games/kit/instant/testing'
import { checkInvariants } from './support/ledgerInvariants'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/**
 * The one-trip instant bet (server/games/kit/instant) and the seed pair calls on each database
 * driver: money moves once per key, never overdraws, refusals move nothing, every bet has its own
 * nonce, and the verifier's code (games/<game>/rules.ts) recomputes every outcome from the proof.
 */
describe.each(testDrivers())('instant bets on $name', (driver) => {
  let db: Db
  let t: TestApp
  let kit: InstantKit
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
    kit = instantKit(t.services, {
      log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
      seeds: fixedSeeds(`integration-${driver.name}`),
    })
  }, 120_000)
  afterAll(async () => {
    await kit?.bets.idle()
    await t?.close()
    await close?.()
  })

  const balance = async (userId: number) => (await t.services.ledger.balances(userId, 'RUB')).real
  const nonces = async (userId: number) =>
    (
      await db.query<{ nonce: number }>(
        `SELECT nonce FROM instant_bets WHERE user_id = $1 ORDER BY nonce`,
        [userId],
      )
    ).map((r) => r.nonce)

  it('debits a double-sent bet once, and answers both alike', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const cmd = instantBet(500, LOSING_DICE)
    const [a, b] = await Promise.all([
      kit.bets.place(DICE, user, cmd),
      kit.bets.place(DICE, user, cmd),
    ])
    expect(a).toMatchObject({ type: 'ok', payout: 0, balance: 9_500 })
    expect(b).toEqual(a)
    // The same key after this process forgot it (another socket, a restart): the ledger's key.
    const restarted = instantKit({ ...t.services }, { seeds: fixedSeeds('restart') })
    expect(await restarted.bets.place(DICE, user, cmd)).toEqual(a)
    expect(await balance(user.userId)).toBe(9_500)
    expect(await nonces(user.userId)).toEqual([0])
  })

  it('never overdraws with 20 parallel bets of one player, each on its own nonce', async () => {
    const { user } = await instantPlayer(t.services, 5 * 1_000)
    const acks = await Promise.all(
      Array.from({ length: 20 }, () => kit.bets.place(DICE, user, instantBet(1_000, LOSING_DICE))),
    )
    const ok = acks.filter((a) => a.type === 'ok')
    expect(ok).toHaveLength(5)
    expect(acks.filter((a) => a.type === 'error' && a.code === 'balance_not_enough')).toHaveLength(
      15,
    )
    expect(ok.map((a) => a.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4])
    expect(await balance(user.userId)).toBe(0)

    const rich = (await instantPlayer(t.services, 1_000_000)).user
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? kit.bets.place(
              ROULETTE,
              rich,
              instantBet(200, { bets: [{ kind: 'black', amount: 200 as Minor }] }),
            )
          : kit.bets.place(DICE, rich, instantBet(200, { target: 5000, direction: 'over' })),
      ),
    )
    expect(many.every((a) => a.type === 'ok')).toBe(true)
    expect(await nonces(rich.userId)).toEqual(Array.from({ length: 20 }, (_, i) => i))
    const paid = many.reduce((sum, a) => sum + (a.type === 'ok' ? a.payout - 200 : 0), 0)
    expect(await balance(rich.userId)).toBe(1_000_000 + paid)
  })

  it('changes nothing for a bet refused on a limit, a parameter or the max payout', async () => {
    const { user } = await instantPlayer(t.services, 100_000_000)
    const transactions = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1`,
          [user.userId],
        )
      )[0]!.n
    const before = await transactions()
    for (const [cmd, code] of [
      [instantBet(99, LOSING_DICE), 'limits'],
      [instantBet(1_000_001, LOSING_DICE), 'limits'],
      [instantBet(100, { target: 9900, direction: 'under' }), 'bad_request'],
      [instantBet(60_000, LOSING_DICE), 'max_payout'],
    ] as const) {
      expect(await kit.bets.place(DICE, user, cmd)).toMatchObject({ type: 'error', code })
    }
    expect(await balance(user.userId)).toBe(100_000_000)
    expect(await transactions()).toBe(before)
    expect(await nonces(user.userId)).toEqual([])
    expect((await kit.seeds.current(user.userId)).nonce).toBe(0)
  })

  it('runs the seed pair lifecycle over HTTP: read, edit, rotate, refused while a game is open', async () => {
    const { user, token } = await instantPlayer(t.services, 10_000)
    const first = seedPairResponse.parse(
      (await t.call('GET', '/api/games/seeds', { token })).json(),
    )
    expect(first.nonce).toBe(0)
    await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    const edited = await t.call('PUT', '/api/games/seeds', { token, body: { client_seed: 'mine' } })
    expect(seedPairResponse.parse(edited.json())).toEqual({
      ...first,
      client_seed: 'mine',
      nonce: 1,
    })
    for (const bad of ['', 'x'.repeat(65), 'tab\there', 'кириллица']) {
      const res = await t.call('PUT', '/api/games/seeds', { token, body: { client_seed: bad } })
      expect(res.statusCode, bad).toBe(422)
    }
    expect((await t.call('GET', '/api/games/seeds')).statusCode).toBe(401)

    const unregister = kit.seeds.registerStateful({
      game: 'fake',
      hasOpenRound: (id) => Promise.resolve(id === user.userId),
    })
    const refused = await t.call('POST', '/api/games/seeds/rotate', { token, body: {} })
    unregister()
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ data: { message: 'game_in_progress', params: {} } })

    const res = await t.call('POST', '/api/games/seeds/rotate', { token, body: {} })
    expect(res.statusCode, res.body).toBe(200)
    const rotated = rotateSeedsResponse.parse(res.json())
    expect(rotated.previous).toMatchObject({
      server_seed_hash: first.server_seed_hash,
      client_seed: 'mine',
      nonce: 1,
    })
    expect(hashServerSeed(rotated.previous.server_seed)).toBe(first.server_seed_hash)
    expect(rotated.active).toEqual({
      server_seed_hash: first.next_server_seed_hash,
      client_seed: 'mine',
      nonce: 0,
      next_server_seed_hash: rotated.active.next_server_seed_hash,
    })
    const after = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    expect(after).toMatchObject({ nonce: 0, serverSeedHash: first.next_server_seed_hash })
  })

  it('gives the verifier and the CLI the outcome the server drew, for 1,000 random bets', async () => {
    const { user, token } = await instantPlayer(t.services, 100_000_000)
    // Params from a fixed stream, so the run is the same every time.
    const pick = floatCursor('params', 'integration', 0)
    const kinds = ['red', 'black', 'odd', 'even', 'low', 'high'] as const
    const placed = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => {
        if (i % 2 === 0) {
          const direction = pick.next() < 0.5 ? 'over' : 'under'
          const chance = 1 + Math.floor(pick.next() * 9_800)
          const target = direction === 'under' ? chance : 10_000 - chance
          return kit.bets.place(DICE, user, instantBet(100, { target, direction }))
        }
        const bets: RouletteBet[] = [
          { kind: 'straight', numbers: [Math.floor(pick.next() * 37)], amount: 100 as Minor },
          { kind: kinds[Math.floor(pick.next() * 6)]!, amount: 100 as Minor },
          { kind: 'dozen', index: 2, amount: 100 as Minor },
        ]
        return kit.bets.place(ROULETTE, user, instantBet(300, { bets }))
      }),
    )
    expect(placed.every((a) => a.type === 'ok')).toBe(true)
    await t.call('POST', '/api/games/seeds/rotate', { token, body: {} })
    for (const ack of placed) {
      if (ack.type !== 'ok') continue
      const res = await t.call('GET', `/api/games/bets/${ack.betId}`)
      const proof = betProofResponse.parse(res.json())
      expect(proof.server_seed).not.toBeNull()
      expect(hashServerSeed(proof.server_seed!)).toBe(proof.server_seed_hash)
      const floats = floatCursor(proof.server_seed!, proof.client_seed, proof.nonce)
      const verified =
        proof.game === 'dice'
          ? diceRules.settle(diceParamsSchema.parse(proof.params), proof.amount, floats)
          : rouletteRules.settle(rouletteParamsSchema.parse(proof.params), proof.amount, floats)
      const outcome =
        proof.game === 'dice'
          ? diceOutcomeSchema.parse(proof.outcome)
          : rouletteOutcomeSchema.parse(proof.outcome)
      expect(verified.outcome).toEqual(outcome)
      expect(verified.outcome).toEqual(ack.outcome)
      expect([verified.payout, verified.multiplier]).toEqual([ack.payout, ack.multiplier])
      // And `npm run fair`, in-process, prints the same outcome.
      const printed: string[] = []
      runFair(
        [
          proof.game,
          ...['--server-seed', proof.server_seed!, '--client-seed', proof.client_seed],
          ...['--nonce', String(proof.nonce)],
        ],
        { cwd: '.', env: {}, out: (line) => printed.push(line), err: () => {} },
      )
      const o = verified.outcome as { roll?: number; pocket?: number }
      expect(printed[1]).toMatch(
        proof.game === 'dice'
          ? `roll ${(o.roll! / 100).toFixed(2)}`
          : new RegExp(`^pocket ${o.pocket} `),
      )
    }
  }, 120_000)

  it('serves a proof before rotation without the server seed, and 404 for unknown bets', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const ack = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    if (ack.type !== 'ok') throw new Error(ack.code)
    const proof = betProofResponse.parse(
      (await t.call('GET', `/api/games/bets/${ack.betId}`)).json(),
    )
    expect(proof).toMatchObject({ game: 'dice', server_seed: null, nonce: ack.nonce })
    expect(JSON.stringify(proof)).not.toContain(user.name)
    expect((await t.call('GET', '/api/games/bets/b-nothing')).statusCode).toBe(404)
  })

  it("keeps a bet's own client seed: its proof verifies after a client seed change and a rotation", async () => {
    const { user, token } = await instantPlayer(t.services, 10_000)
    const set = (client_seed: string) =>
      t.call('PUT', '/api/games/seeds', { token, body: { client_seed } })
    expect((await set('before the change')).statusCode).toBe(200)
    const first = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    // The same pair, a new client seed: the pair's next bet draws with it.
    expect((await set('after the change')).statusCode).toBe(200)
    const second = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    if (first.type !== 'ok' || second.type !== 'ok') throw new Error('bets refused')
    expect([first.nonce, second.nonce]).toEqual([0, 1])
    expect((await t.call('POST', '/api/games/seeds/rotate', { token, body: {} })).statusCode).toBe(
      200,
    )
    const seeds: string[] = []
    for (const ack of [first, second]) {
      const proof = betProofResponse.parse(
        (await t.call('GET', `/api/games/bets/${ack.betId}`)).json(),
      )
      seeds.push(proof.client_seed)
      const floats = floatCursor(proof.server_seed!, proof.client_seed, proof.nonce)
      const verified = diceRules.settle(diceParamsSchema.parse(proof.params), proof.amount, floats)
      expect(verified.outcome).toEqual(ack.outcome)
      expect(diceOutcomeSchema.parse(proof.outcome)).toEqual(ack.outcome)
    }
    expect(seeds).toEqual(['before the change', 'after the change'])
  })

  it('refuses a malformed proof id at the wire, before the database', async () => {
    const query = vi.spyOn(db, 'query')
    try {
      for (const id of ['b-%00', 'b-1%00%27', 'x'.repeat(65), 'b-%20']) {
        const res = await t.call('GET', `/api/games/bets/${id}`)
        expect([id, res.statusCode]).toEqual([id, 404])
        expect(res.json()).toMatchObject({ data: { message: 'not_found' } })
      }
      expect(query).not.toHaveBeenCalled()
    } finally {
      query.mockRestore()
    }
  })

  it('lists instant bets in the profile history, newest first', async () => {
    const { user, token } = await instantPlayer(t.services, 10_000)
    const dice = await kit.bets.place(DICE, user, instantBet(100, LOSING_DICE))
    t.clock.advance(1)
    const spin = await kit.bets.place(
      ROULETTE,
      user,
      instantBet(200, { bets: [{ kind: 'red', amount: 200 as Minor }] }),
    )
    const res = await t.call('GET', '/api/profile/history?kind=bets', { token })
    const page = betHistoryResponse.parse(res.json())
    expect(page.data.map((b) => [b.game, b.id])).toEqual([
      ['roulette', spin.type === 'ok' ? spin.betId : ''],
      ['dice', dice.type === 'ok' ? dice.betId : ''],
    ])
    expect(page.data[1]).toMatchObject({ status: 'lost', payout: 0, multiplier: null })
  })

  it('keeps the ledger balanced, overdraft-free and summing to zero', async () => {
    await checkInvariants(db)
  })
})
