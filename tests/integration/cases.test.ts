import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  betHistoryResponse,
  betProofResponse,
  caseResponse,
  caseTableResponse,
  casesResponse,
} from '../../contract'
import {
  caseOutcomeSchema,
  caseParamsSchema,
  parseCanonicalTable,
} from '../../games/cases/protocol'
import { caseRules, tableHash, type CaseOutcome, type CaseTable } from '../../games/cases/rules'
import { floatCursor, hashServerSeed } from '../../games/engine/fairness'
import { maxBetPayout, type Minor } from '../../games/engine/money'
import type { InstantBetAck } from '../../games/kit/instant/protocol'
import type { Db } from '../../server/db/db'
import { GAME_MODULES } from '../../server/games'
import { caseCatalogue } from '../../server/games/cases/service'
import { instantKit, type InstantKit } from '../../server/games/kit/instant/kit'
import type { InstantRuntime } from '../../server/games/kit/instant/module'
import { fixedSeeds, instantBet, instantPlayer } from '../../server/games/kit/instant/testing'
import type { Player } from '../../server/games/kit/player'
import { checkInvariants } from './support/ledgerInvariants'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/**
 * Cases on the instant kit, on each database driver: the catalogue over HTTP, openings through the
 * cases module's own command (the module reads the case's table per opening), each one ledger
 * movement, and proofs that keep their table after the case is edited.
 */
describe.each(testDrivers())('cases on $name', (driver) => {
  let db: Db
  let t: TestApp
  let kit: InstantKit
  let runtime: InstantRuntime
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
    const log = { info: () => {}, error: (obj: unknown, msg: string) => console.error(msg, obj) }
    kit = instantKit(t.services, { log, seeds: fixedSeeds(`cases-${driver.name}`) })
    // The module the server runs: derived from the registry's definition, with cases' parts.
    const cases = GAME_MODULES.find((m) => m.id === 'cases')!
    runtime = (await cases.start({
      services: t.services,
      nsp: undefined as never,
      log,
    })) as InstantRuntime
  }, 120_000)
  afterAll(async () => {
    await kit?.bets.idle()
    await t?.close()
    await close?.()
  })

  /** An opening sent as a client would: parsed by the module's wire, then run. */
  const open = async (user: Player, payload: unknown) => {
    const bet = runtime.wire.commands.bet!
    const cmd = bet.parse(payload)
    if (cmd === null) throw new Error('refused by the wire')
    return (await bet.run(user, cmd as never)) as InstantBetAck<CaseOutcome>
  }
  const pocket = async () =>
    caseResponse.parse((await t.call('GET', '/api/games/cases/pocket')).json())
  const opening = (price: number, count: number, hash: string, key?: string) =>
    instantBet(price * count, { case: 'pocket', table: hash, count }, key)
  const balance = async (userId: number) => (await t.services.ledger.balances(userId, 'RUB')).real
  const transactions = async (userId: number) =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1',
        [userId],
      )
    )[0]!.n

  it('lists the seeded cases with their top item and RTP, and one case with every range', async () => {
    const list = casesResponse.parse((await t.call('GET', '/api/games/cases')).json())
    expect(list.data.map((c) => c.slug)).toEqual(['pocket', 'bronze', 'silver', 'gold'])
    for (const c of list.data) {
      expect(c.rtp).toBeGreaterThanOrEqual(9000)
      expect(c.rtp).toBeLessThanOrEqual(9700)
    }
    const one = await pocket()
    expect(one).toMatchObject({ price: 5_000, currency: 'RUB', rtp: 9260 })
    expect(one.items[0]).toMatchObject({ id: 'feather', tickets: 40_000, from: 1, to: 40_000 })
    expect(one.items.at(-1)).toMatchObject({ id: 'crown', from: 99_501, to: 100_000 })
    expect((await t.call('GET', '/api/games/cases/no-such-case')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/games/cases/Bad%00')).statusCode).toBe(404)
    expect((await t.call('GET', `/api/games/case-tables/${'0'.repeat(64)}`)).statusCode).toBe(404)
  })

  it('opens three cases as ONE ledger movement paying the sum of the three items', async () => {
    const { user } = await instantPlayer(t.services, 100_000)
    const c = await pocket()
    const before = await transactions(user.userId)
    const ack = await open(user, opening(c.price, 3, c.table_hash))
    if (ack.type !== 'ok') throw new Error(ack.code)
    expect(ack.outcome.tickets).toHaveLength(3)
    const values = ack.outcome.items.map((id) => c.items.find((i) => i.id === id)!.value)
    expect(ack.payout).toBe(values.reduce((a, b) => a + b, 0))
    expect(ack.balance).toBe(100_000 - 15_000 + ack.payout)
    expect(await balance(user.userId)).toBe(ack.balance)
    expect(await transactions(user.userId)).toBe(before + 1)
    const postings = await db.query<{ n: number }>(
      `SELECT count(DISTINCT p.transaction_id)::int AS n FROM ledger_postings p
       JOIN instant_bets b ON b.transaction_id = p.transaction_id WHERE b.id = $1`,
      [ack.betId],
    )
    expect(postings[0]!.n).toBe(1)
  })

  it('debits a replayed opening once and answers it alike', async () => {
    const { user } = await instantPlayer(t.services, 100_000)
    const c = await pocket()
    const cmd = opening(c.price, 2, c.table_hash)
    const [a, b] = await Promise.all([open(user, cmd), open(user, cmd)])
    expect(a.type).toBe('ok')
    expect(b).toEqual(a)
    // The same key after this process forgot it: the ledger's key answers.
    const restarted = instantKit({ ...t.services }, { seeds: fixedSeeds('restart') })
    const rules = caseRules((await caseCatalogue(t.services).openable('pocket'))!)
    expect(await restarted.bets.place({ id: 'cases', limits: null, rules }, user, cmd)).toEqual(a)
    const paid = a.type === 'ok' ? a.payout : 0
    expect(await balance(user.userId)).toBe(100_000 - 10_000 + paid)
  })

  it('changes nothing for a case priced above the balance, a wrong stake or an unknown case', async () => {
    const { user } = await instantPlayer(t.services, 4_999)
    const c = await pocket()
    const before = await transactions(user.userId)
    expect(await open(user, opening(c.price, 1, c.table_hash))).toMatchObject({
      type: 'error',
      code: 'balance_not_enough',
    })
    expect(
      await open(user, instantBet(100, { case: 'pocket', table: c.table_hash, count: 1 })),
    ).toMatchObject({ code: 'limits' })
    expect(
      await open(user, instantBet(5_000, { case: 'nothing', table: c.table_hash, count: 1 })),
    ).toMatchObject({ code: 'bad_request' })
    expect(await open(user, opening(c.price, 1, 'a'.repeat(64)))).toMatchObject({
      code: 'bad_request',
    })
    expect(await balance(user.userId)).toBe(4_999)
    expect(await transactions(user.userId)).toBe(before)
    expect((await kit.seeds.current(user.userId)).nonce).toBe(0)
  })

  it('never overdraws with 20 parallel openings of one player', async () => {
    const { user } = await instantPlayer(t.services, 4 * 5_000 + 4_999)
    const c = await pocket()
    const acks = await Promise.all(
      Array.from({ length: 20 }, () => open(user, opening(c.price, 1, c.table_hash))),
    )
    const ok = acks.filter((a) => a.type === 'ok')
    const refused = acks.filter((a) => a.type === 'error')
    expect(refused.every((a) => a.type === 'error' && a.code === 'balance_not_enough')).toBe(true)
    const paid = ok.reduce((sum, a) => sum + (a.type === 'ok' ? a.payout : 0), 0)
    expect(await balance(user.userId)).toBe(24_999 - ok.length * 5_000 + paid)
    expect(await balance(user.userId)).toBeGreaterThanOrEqual(0)
    expect(ok.map((a) => (a.type === 'ok' ? a.nonce : -1)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: ok.length }, (_, i) => i),
    )
  })

  it('keeps a past proof and its table when the case is edited, and refuses the old table', async () => {
    const { user, token } = await instantPlayer(t.services, 1_000_000)
    const catalogue = caseCatalogue(t.services)
    const c = await pocket()
    const ack = await open(user, opening(c.price, 3, c.table_hash))
    if (ack.type !== 'ok') throw new Error(ack.code)

    const old = (await catalogue.openable('pocket'))!
    const edited: CaseTable = {
      ...old.table,
      items: old.table.items.map((i) => (i.id === 'crown' ? { ...i, value: 100_000 as Minor } : i)),
    }
    const saved = await catalogue.save({
      slug: 'pocket',
      name: { en: 'Pocket Change', ru: 'Мелочь в кармане', kz: 'Қалта ақшасы' },
      image: '/cases/pocket.svg',
      price: old.price,
      table: edited,
    })
    expect(saved).toEqual({ hash: tableHash(edited), version: 2 })
    expect((await pocket()).table_hash).toBe(tableHash(edited))
    expect(await open(user, opening(c.price, 1, c.table_hash))).toMatchObject({
      code: 'bad_request',
    })

    await t.call('POST', '/api/games/seeds/rotate', { token, body: {} })
    const proof = betProofResponse.parse(
      (await t.call('GET', `/api/games/bets/${ack.betId}`)).json(),
    )
    expect(proof.game).toBe('cases')
    const params = caseParamsSchema.parse(proof.params)
    expect(params.table).toBe(c.table_hash)
    const served = caseTableResponse.parse(
      (await t.call('GET', `/api/games/case-tables/${params.table}`)).json(),
    )
    const table = parseCanonicalTable(served.canonical)!
    expect(tableHash(table)).toBe(params.table)
    expect(hashServerSeed(proof.server_seed!)).toBe(proof.server_seed_hash)
    const verified = caseRules({
      slug: 'pocket',
      price: c.price,
      table,
      hash: params.table,
    }).settle(params, proof.amount, floatCursor(proof.server_seed!, proof.client_seed, proof.nonce))
    expect(verified.outcome).toEqual(caseOutcomeSchema.parse(proof.outcome))
    expect(verified.payout).toBe(proof.payout)

    const history = betHistoryResponse.parse(
      (await t.call('GET', '/api/profile/history?kind=bets', { token })).json(),
    )
    expect(history.data[0]).toMatchObject({ game: 'cases', id: ack.betId })
  })

  it('refuses to create a case whose best item could pass the maximum payout', async () => {
    const old = (await caseCatalogue(t.services).openable('bronze'))!
    // Five of its best item pay one minor unit more than the maximum payout.
    const best = (Math.floor(maxBetPayout('RUB') / 5) + 1) as Minor
    const rich: CaseTable = {
      ...old.table,
      items: old.table.items.map((i, n) => (n === 0 ? { ...i, value: best } : i)),
    }
    const refused = await caseCatalogue(t.services).save({
      slug: 'too-rich',
      name: { en: 'x', ru: 'x', kz: 'x' },
      image: '/cases/gold.svg',
      price: 100 as Minor,
      table: rich,
    })
    expect(refused).toBe('max_payout')
    expect((await t.call('GET', '/api/games/cases/too-rich')).statusCode).toBe(404)
  })

  it('keeps the ledger balanced, overdraft-free and summing to zero', async () => {
    await checkInvariants(db)
  })
})
