import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/db'
import { endpoints, type Endpoint } from '../support/endpoints'
import type { TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/** Tables any accepted request would write to: a refused request must leave them unchanged. */
const TABLES = [
  'users',
  'sessions',
  'one_time_codes',
  'reset_tokens',
  'social_logins',
  'outbox',
  'ledger_transactions',
  'ledger_postings',
  'invoices',
  'user_bonuses',
  'free_spins',
  'marketing_events',
]

/** Row counts, users and balances: what a refused request must leave as it was. */
export async function snapshot(db: Db) {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const rows = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table}`)
    counts[table] = rows[0]!.n
  }
  const users = await db.query('SELECT * FROM users ORDER BY id')
  const balances = await db.query('SELECT id, balance FROM ledger_accounts ORDER BY id')
  return { counts, users, balances }
}

/** Raw payloads no endpoint accepts: broken JSON, non-objects, nesting, pollution, size. */
const RAW = [
  'not json',
  '{',
  '{"a":',
  '[1,2',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  '[{}]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(3000) + ']'.repeat(3000),
  `{"email":"${'a'.repeat(70_000)}"}`,
]

/** Values of a different JS type than `original` (never null: some fields are nullable). */
function wrongTypeValue(original: unknown): fc.Arbitrary<unknown> {
  // Null examples stand for nullable strings in the contract.
  const kind = original === null ? 'string' : Array.isArray(original) ? 'array' : typeof original
  return fc
    .oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.string({ maxLength: 20 }),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
    )
    .filter((v) => (Array.isArray(v) ? 'array' : typeof v) !== kind)
    .filter((v) => !(kind === 'object' && typeof v === 'object'))
}

/** A valid body with one field (or the whole body) replaced by a value of the wrong type. */
function malformedBody(e: Endpoint): fc.Arbitrary<unknown> {
  const body = e.body ?? {}
  const keys = Object.keys(body)
  const topLevel = fc.oneof(
    fc.integer(),
    fc.string(),
    fc.boolean(),
    fc.array(fc.jsonValue(), { maxLength: 4 }),
  )
  if (keys.length === 0) return topLevel
  return fc.oneof(
    topLevel,
    fc
      .constantFrom(...keys)
      .chain((k) => wrongTypeValue(body[k]).map((v) => ({ ...body, [k]: v }))),
  )
}

/** fuzzing every endpoint, run by api.test.ts on each driver over one shared database. */
export function fuzzSuite(ctx: SuiteContext): void {
  describe('fuzzing every endpoint', () => {
    let db: Db
    let t: TestApp
    let token: string
    // Logout accepts any body by design (it has none) and would end the fuzzing session.
    const targets = endpoints.filter((e) => e.path !== '/api/auth/logout')
    const withBody = targets.filter((e) => e.body && Object.keys(e.body).length > 0)
    beforeAll(async () => {
      ;({ db, t } = ctx)
      token = (await t.login()).token
    })

    it('answers malformed bodies with 4xx only, changes nothing, and stays up', async () => {
      const before = await snapshot(db)
      const send = (
        e: Endpoint,
        init: { raw?: string; body?: unknown; headers?: Record<string, string> },
      ) =>
        t.call(e.method, e.path, {
          ...init,
          headers: { ...e.headers, ...init.headers },
          token: e.auth ? token : undefined,
        })
      const expect4xx = (e: Endpoint, status: number, what: string) => {
        expect(
          status >= 400 && status < 500,
          `${e.method} ${e.path} answered ${status} to ${what}`,
        ).toBe(true)
      }

      for (const e of withBody) {
        for (const raw of RAW) expect4xx(e, (await send(e, { raw })).statusCode, raw.slice(0, 40))
        // A JSON body under another content type is refused before any handler runs.
        const plain = await send(e, {
          raw: JSON.stringify(e.body),
          headers: { 'content-type': 'text/plain' },
        })
        expect4xx(e, plain.statusCode, 'text/plain')
      }

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...withBody).chain((e) => fc.tuple(fc.constant(e), malformedBody(e))),
          async ([e, body]) => {
            const res = await send(e, { body })
            expect4xx(e, res.statusCode, JSON.stringify(body).slice(0, 80))
            const json = res.json() as { errors?: unknown; data?: unknown }
            expect(json.errors ?? json.data, 'error body shape').toBeDefined()
          },
        ),
        { numRuns: 400, seed: 424242 },
      )

      // A malformed idempotency key is refused before anything is written.
      for (const e of targets.filter((x) => x.headers?.['idempotency-key'])) {
        for (const key of ['bad key!', '', 'short', 'x'.repeat(200)]) {
          const res = await send(e, { body: e.body, headers: { 'idempotency-key': key } })
          expect4xx(e, res.statusCode, key)
        }
      }
      // Hostile paths and queries, without a body, never cause a 5xx.
      for (const e of targets) {
        for (const suffix of [
          '?a[]=1&a=2',
          '?whoAreYou[x]=1',
          '?type=email',
          '/%00',
          '/..%2f..%2fetc',
        ]) {
          const odd = await t.call(e.method, e.path.split('?')[0] + suffix, {
            token: e.auth ? token : undefined,
          })
          expect(odd.statusCode, `${e.path}${suffix}`).toBeLessThan(500)
        }
      }

      const after = await snapshot(db)
      expect(after).toEqual(before)
      const alive = await t.call('GET', '/api/geo_ip')
      expect(alive.statusCode).toBe(200)
      expect((await t.call('GET', '/api/profile/user', { token })).statusCode).toBe(200)
    }, 180_000)
  })
}
