import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { startTestApp, type TestApp } from './support/harness'

/**
 * What the server keeps of attribution (docs/api.md, "Attribution and consent"): a
 * registration's and a social log-in's fields, the middleware answers the client stores, and the
 * sandbox report an operator's query stands in for.
 */
describe('attribution on the server', () => {
  let db: Db
  let t: TestApp
  beforeAll(async () => {
    db = await openTestPglite()
    t = await startTestApp(db)
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await db?.close()
  })

  const fields = { partner: 'p-7', adplace: 'banner', stag: 'aff_42', promo: 'WELCOME100' }
  const waitingBonus = async (userId: number) =>
    (
      await db.query<{ bonus_code: string }>(
        `SELECT bonus_code FROM user_bonuses WHERE user_id = $1 AND status = 'waiting'`,
        [userId],
      )
    ).map((r) => r.bonus_code)

  it('keeps a registration’s fields, lists them in the report, and attachSource adds without overwriting', async () => {
    const reg = await t.call('POST', '/api/api/v2/auth/register/email', {
      body: {
        email: 'att@tessera.test',
        password: 'a-long-password',
        ...fields,
        fpp: 'f'.repeat(16),
      },
    })
    expect(reg.statusCode, reg.body).toBe(200)
    const token = reg.json<{ data: { token: string } }>().data.token
    const attach = await t.call('POST', '/api/attachSource', {
      token,
      body: {
        stag: 'other',
        partnerId: null,
        advId: 'adv-1',
        advertiseUid: null,
        advertiseSource: null,
        cpaOneUid: null,
        prHash: 'ref-7',
      },
    })
    expect(attach.statusCode, attach.body).toBe(200)
    const report = await t.call('GET', '/api/sandbox/attribution?email=att%40tessera.test')
    expect(report.statusCode, report.body).toBe(200)
    const body = report.json<{
      users: { id: number; attribution: unknown }[]
      events: { kind: string; data: unknown }[]
    }>()
    expect(body.users).toHaveLength(1)
    expect(body.users[0]!.attribution).toEqual({
      ...fields,
      fpp: 'f'.repeat(16),
      advId: 'adv-1',
      prHash: 'ref-7',
    })
    expect(body.events.map((e) => e.kind)).toEqual(['attach_source'])
    expect(await waitingBonus(body.users[0]!.id)).toEqual(['WELCOME100'])
  })

  it('keeps a social log-in’s fields with the account it creates, and attaches its promo', async () => {
    const start = await t.call('PUT', '/api/auth/login', {
      body: { provider: 'google', origin: 'http://tessera.test/', ...fields, fpp: 'a'.repeat(16) },
    })
    expect(start.statusCode, start.body).toBe(200)
    const state = new URL(start.json<{ url: string }>().url).searchParams.get('state')
    const done = await t.call('POST', '/api/sandbox/social/complete', {
      body: { state, subject: 'attributed.player' },
    })
    expect(done.statusCode, done.body).toBe(200)
    const [user] = await db.query<{ id: number; attribution: unknown }>(
      `SELECT id, attribution FROM users WHERE social_subject = 'attributed.player'`,
    )
    expect(user?.attribution).toEqual({ ...fields, fpp: 'a'.repeat(16) })
    expect(await waitingBonus(user!.id)).toEqual(['WELCOME100'])
  })

  it('answers the affiliate fields from the query and the address the ip call came from', async () => {
    const affiliate = await t.call('POST', '/api/middleware/affiliate', {
      body: { query: { pr: 'ref-7', stag: 'aff_1', cpaOneUid: 'cpa-9', partner: '' } },
    })
    expect(affiliate.json()).toEqual({
      partner: null,
      adplace: null,
      stag: 'aff_1',
      partnerId: null,
      advertiseUid: null,
      advertiseSource: null,
      cpaOneUid: 'cpa-9',
    })
    const ip = await t.call('POST', '/api/middleware/ip', {
      body: { host: 'tessera.test', userAgent: 'UA' },
      remoteAddress: '203.0.113.5',
    })
    expect(ip.json()).toEqual({ success: true, ip: '203.0.113.5' })
  })

  it('shows the report to this machine only', async () => {
    const remote = await t.call('GET', '/api/sandbox/attribution', { remoteAddress: '203.0.113.5' })
    expect(remote.statusCode).toBe(403)
  })
})
