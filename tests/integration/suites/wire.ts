import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { Db } from '../../../server/db/db'
import { endpoints, type Endpoint } from '../support/endpoints'
import type { TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'
import { requestWith, slotsOf, type Slot, type SlotValue } from '../support/slots'
import { snapshot } from './fuzz'

/** The characters no stored text may hold: NUL, and each kind of lone surrogate. */
const UNSTORABLE = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'] as const

/** Text with C0 control characters (tab, bell, escape…) other than NUL: storable, maybe odd. */
const controlText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 1, max: 0x1f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('\u007f', 'a', '@', '.', '1'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((chars) => chars.join(''))

/** Text holding an unstorable character somewhere; a URL carries only NUL (see below). */
const hostileText = (url: boolean) =>
  fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 6 }), controlText),
      url ? fc.constant('\u0000') : fc.constantFrom(...UNSTORABLE),
      fc.string({ maxLength: 6 }),
    )
    .map(([a, bad, b]) => a + bad + b)

/** Numbers at and past the bounds of INT, BIGINT, safe JS integers and doubles. */
const EDGE_NUMBERS = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e21,
  -1e308,
  0.5,
]
/** The same as a request writes them, plus what only text can say (beyond a double, -0). */
const EDGE_LITERALS = [
  ...EDGE_NUMBERS.map(String),
  '9223372036854775808',
  '99999999999999999999',
  '1e400',
  '-0',
  '1.0',
]

/** A value of the slot's kind: `text` builds URL text, else JSON or a raw JSON literal. */
function valueFor(slot: Slot, literal: string): SlotValue {
  if (slot.kind !== 'body') return { text: literal }
  return { rawJson: literal }
}

/** Endpoints with their slots; logout would end the fuzzing session, so it is left out. */
const targets = endpoints
  .filter((e) => e.path !== '/api/auth/logout')
  .map((e) => ({ e, slots: slotsOf(e) }))
  .filter((x) => x.slots.length > 0)
const slotArb = fc
  .constantFrom(...targets)
  .chain(({ e, slots }) => fc.tuple(fc.constant(e), fc.constantFrom(...slots)))

/**
 * No 5xx from any input (issue 24, item 5), the HTTP side: one rule at the wire refuses NUL and
 * lone surrogates in every text field, ids are bounded to their columns and cursors validated.
 * Run by api.test.ts on each driver after the other fuzzing, over the same database.
 */
export function wireSuite(ctx: SuiteContext): void {
  describe('no 5xx from any input', () => {
    let db: Db
    let t: TestApp
    let token: string
    beforeAll(async () => {
      ;({ db, t } = ctx)
      token = (await t.login()).token
    })

    const send = (e: Endpoint, slot: Slot, value: SlotValue) => {
      const req = requestWith(e, slot, value)
      return t.call(e.method, req.url, {
        ...(req.raw !== undefined
          ? { raw: req.raw }
          : req.body !== undefined
            ? { body: req.body }
            : {}),
        headers: e.headers,
        token: e.auth ? token : undefined,
      })
    }
    const label = (e: Endpoint, slot: Slot, res: LightMyRequestResponse, what: unknown) =>
      `${e.method} ${e.path} ${slot.kind} ${JSON.stringify(slot.kind === 'body' ? slot.path : slot.kind === 'query' ? slot.key : slot.index)} = ${JSON.stringify(what)}: ${res.statusCode} ${res.body.slice(0, 200)}`

    it("answers the issue's examples at the wire, with the field named", async () => {
      const field = async (res: LightMyRequestResponse, name: string) => {
        expect(res.statusCode, res.body).toBe(422)
        expect(res.json().errors[name]?.[0]).toMatch(/^invalid:/)
      }
      await field(
        await t.call('PUT', '/api/profile/settings', { token, body: { timezone: 'a\u0000b' } }),
        'timezone',
      )
      const utm = { utm_source: '\u0000', utm_medium: 'm', utm_campaign: 'c', utm_term: 't' }
      await field(await t.call('POST', '/api/middleware/utm', { body: utm }), 'utm_source')
      for (const key of ['partner', 'promo', 'timezone']) {
        const body = { email: 'nul@tessera.test', password: 'password-123', [key]: 'x\u0000' }
        await field(await t.call('POST', '/api/api/v2/auth/register/email', { body }), key)
      }
      const source = { stag: '\ud800', partnerId: null, advId: null, advertiseUid: null }
      await field(
        await t.call('POST', '/api/attachSource', {
          token,
          body: { ...source, advertiseSource: null, cpaOneUid: null, prHash: null },
        }),
        'stag',
      )
      await field(
        await t.call('POST', '/api/middleware/ip', { body: { host: 'h', userAgent: '\udc00' } }),
        'userAgent',
      )
      await field(await t.call('GET', '/api/sandbox/outbox?to=%00'), 'to')
      // A cursor past year 9999 decodes to no date either side can read.
      for (const kind of ['bets', 'deposits']) {
        const cursor = Buffer.from(`9999999999999999|00000000-0000-4000-8000-000000000000`)
        const res = await t.call(
          'GET',
          `/api/profile/history?kind=${kind}&cursor=${cursor.toString('base64url')}`,
          { token },
        )
        expect(res.statusCode, res.body).toBe(422)
        expect(Object.keys(res.json().errors)).toEqual(['cursor'])
      }
      // Ids past their column name nothing.
      for (const path of [
        '/api/profile/sessions/9223372036854775808',
        '/api/api/freeSpinsCampaigns/2147483648',
        '/api/games/crash/rounds/2147483648',
        '/api/games/rooms/rounds/red-RUB-2147483648',
      ]) {
        const res = await t.call(path.includes('sessions') ? 'DELETE' : 'GET', path, { token })
        expect(res.statusCode, path).toBe(404)
      }
      // Bytes that are no UTF-8 at all, in a path and in a query.
      for (const url of ['/api/bonus-system/bonus/%ED%A0%80', '/api/sandbox/outbox?to=%ED%A0%80']) {
        expect((await t.call('GET', url)).statusCode, url).toBeLessThan(500)
      }
    })

    it('refuses NUL and lone surrogates in every text slot with a 4xx, and stores nothing', async () => {
      const before = await snapshot(db)
      // The API refuses; the client's files (the app-version poll) ignore their query.
      const refused = (e: Endpoint, slot: Slot, res: LightMyRequestResponse, what: unknown) => {
        const ok = e.path.startsWith('/api/')
          ? res.statusCode >= 400 && res.statusCode < 500
          : res.statusCode < 500
        expect(ok, label(e, slot, res, what)).toBe(true)
      }
      // Each slot of each route once with each unstorable character (a URL carries NUL only:
      // a lone surrogate has no UTF-8 bytes to put in one).
      for (const { e, slots } of targets) {
        for (const slot of slots) {
          for (const bad of slot.kind === 'body' ? UNSTORABLE : ['\u0000']) {
            const value = slot.kind === 'body' ? { json: `x${bad}y` } : { text: `x${bad}y` }
            refused(e, slot, await send(e, slot, value), value)
          }
        }
      }
      await fc.assert(
        fc.asyncProperty(
          slotArb.chain(([e, slot]) =>
            fc.tuple(fc.constant(e), fc.constant(slot), hostileText(slot.kind !== 'body')),
          ),
          async ([e, slot, bad]) => {
            const value = slot.kind === 'body' ? { json: bad } : { text: bad }
            refused(e, slot, await send(e, slot, value), bad)
          },
        ),
        { numRuns: 600, seed: 240_005 },
      )
      expect(await snapshot(db)).toEqual(before)
    }, 180_000)

    it('never answers 5xx to numbers at and past every integer bound, odd cursors or control characters', async () => {
      const noServerError = (e: Endpoint, slot: Slot, res: LightMyRequestResponse, what: unknown) =>
        expect(res.statusCode, label(e, slot, res, what)).toBeLessThan(500)
      for (const { e, slots } of targets) {
        for (const slot of slots) {
          for (const literal of EDGE_LITERALS) {
            noServerError(e, slot, await send(e, slot, valueFor(slot, literal)), literal)
          }
        }
      }
      const CURSOR_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('bets', 'deposits'),
          fc.oneof(
            fc.constantFrom(0, CURSOR_MAX_MS, CURSOR_MAX_MS + 1, 8.64e15, 8.64e15 + 1, 2 ** 53 - 1),
            fc.nat(),
          ),
          fc.constantFrom('00000000-0000-4000-8000-000000000000', 'x', 'a'.repeat(64), '-_'),
          async (kind, ms, id) => {
            const cursor = Buffer.from(`${ms}|${id}`).toString('base64url')
            const res = await t.call('GET', `/api/profile/history?kind=${kind}&cursor=${cursor}`, {
              token,
            })
            expect(res.statusCode, `${kind} ${ms}|${id}: ${res.body}`).toBeLessThan(500)
            if (ms > CURSOR_MAX_MS) expect(res.statusCode).toBe(422)
          },
        ),
        { numRuns: 200, seed: 240_006 },
      )
      // Control characters other than NUL are storable: accepted or refused, never a 5xx.
      await fc.assert(
        fc.asyncProperty(
          slotArb.chain(([e, slot]) => fc.tuple(fc.constant(e), fc.constant(slot), controlText)),
          async ([e, slot, odd]) => {
            const value = slot.kind === 'body' ? { json: odd } : { text: odd }
            const res = await send(e, slot, value)
            expect(res.statusCode, label(e, slot, res, odd)).toBeLessThan(500)
          },
        ),
        { numRuns: 400, seed: 240_007 },
      )
      // Still up, and the fuzzing session still works.
      expect((await t.call('GET', '/api/geo_ip')).statusCode).toBe(200)
      expect((await t.call('GET', '/api/profile/user', { token })).statusCode).toBe(200)
    }, 180_000)
  })
}
