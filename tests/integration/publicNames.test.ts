import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileUserResponse, registerResponse } from '../../contract'
import { assignPublicNames } from '../../server/auth/publicName'
import type { Db } from '../../server/db/db'
import { splitStatements } from '../../server/db/migrate'
import { openTestPglite } from '../../server/db/testDatabases'
import { DEMO } from '../../server/db/seed'
import { instantKit } from '../../server/games/kit/instant/kit'
import { DICE, instantBet, instantPlayer } from '../../server/games/kit/instant/testing'
import { startTestApp, type TestApp } from './support/harness'

/**
 * Public names (issue 24): every registration route names the account without its e-mail or
 * phone, and migration 014 takes such names from the accounts that already had one.
 */
describe('public names', () => {
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

  /** The account's public name, after checking it shows no piece of `email` or `phone`. */
  const expectAnonymous = (name: string | null, ids: { email?: string; phone?: string }) => {
    expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/)
    const lower = name!.toLowerCase()
    const local = ids.email?.split('@')[0] ?? ''
    for (const piece of [local, ...local.split(/[^a-z0-9]+/)].filter((p) => p.length >= 3)) {
      expect(lower).not.toContain(piece)
    }
    const digits = ids.phone?.replace(/\D/g, '') ?? ''
    for (const run of name!.match(/\d{4,}/g) ?? []) expect(digits).not.toContain(run)
  }
  const nameOf = async (token: string) => {
    const res = await t.call('GET', '/api/profile/user', { token })
    return profileUserResponse.parse(res.json()).user.name
  }

  /** The public name of an account registered by `route` with `id` (its e-mail or phone). */
  const registeredName = async (
    route: 'email' | 'phone',
    id: { email: string } | { phone: string },
  ) => {
    const res = await t.call('POST', `/api/api/v2/auth/register/${route}`, {
      body: { ...id, password: 'password-123' },
    })
    expect(res.statusCode, res.body).toBe(200)
    return nameOf(registerResponse.parse(res.json()).data.token)
  }

  it('are generated for an e-mail registration, never its local part', async () => {
    const email = 'anna.smith@example.com'
    expectAnonymous(await registeredName('email', { email }), { email })
  })

  it('are generated for a phone registration, never its number', async () => {
    const phone = '+7 (999) 765 43 21'
    expectAnonymous(await registeredName('phone', { phone }), { phone })
  })

  it('are generated for a social log-in', async () => {
    const start = await t.call('PUT', '/api/auth/login', {
      body: { provider: 'google', origin: 'http://tessera.test/', currency: 'RUB', promo: null },
    })
    expect(start.statusCode, start.body).toBe(200)
    const state = new URL(start.json<{ url: string }>().url).searchParams.get('state')
    const done = await t.call('POST', '/api/sandbox/social/complete', {
      body: { state, subject: 'boris.petrov' },
    })
    expect(done.statusCode, done.body).toBe(200)
    const { token } = done.json<{ message: { token: string } }>().message
    expectAnonymous(await nameOf(token), { email: 'boris.petrov@' })
  })

  it("give the demo account a public name that is not its e-mail's", async () => {
    const { token } = await t.login()
    expect(await nameOf(token)).toBe(DEMO.name)
    expectAnonymous(DEMO.name, DEMO)
  })

  it('migration 014 renames accounts named after their e-mail or phone, and keeps chosen names', async () => {
    // Accounts as registration made them before: named after the e-mail's local part, or not
    // named at all (phone), beside one whose name was chosen.
    const accounts: [string | null, string | null, string | null][] = [
      ['maria.k@example.com', null, 'maria.k'],
      ['Ivan@Example.com', null, 'ivan'],
      ['olga@example.com', null, 'olga@example.com'],
      [null, '+79990001122', '+7 999 000-11-22'],
      [null, '+79990003344', null],
      ['night@example.com', null, 'NightOwl7'],
    ]
    const ids: number[] = []
    for (const [email, phone, name] of accounts) {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO users (email, phone, register_method, currency, name)
         VALUES ($1, $2, $3, 'RUB', $4) RETURNING id`,
        [email, phone, email ? 'email' : 'phone', name],
      )
      ids.push(rows[0]!.id)
    }
    // A player named after their e-mail, with a bet stored under that name: live tables are
    // rebuilt from stored bets after a restart, so the bet must not keep the old name.
    const bettor = await instantPlayer(t.services, 10_000)
    const cleared = await db.query<{ local: string }>(
      `UPDATE users SET name = split_part(email, '@', 1) WHERE id = $1
       RETURNING split_part(email, '@', 1) AS local`,
      [bettor.user.userId],
    )
    const local = cleared[0]!.local
    const placed = await instantKit(t.services).bets.place(
      DICE,
      { ...bettor.user, name: local },
      instantBet(100, { target: 5000, direction: 'over' }),
    )
    expect(placed.type).toBe('ok')
    const sql = await readFile(
      new URL('../../server/db/migrations/014_public_names.sql', import.meta.url),
      'utf8',
    )
    for (const statement of splitStatements(sql)) await db.query(statement)
    expect(await assignPublicNames(db)).toBe(6)
    const rows = await db.query<{ id: number; name: string | null }>(
      'SELECT id, name FROM users WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    )
    const names = rows.map((r) => r.name)
    accounts.slice(0, 5).forEach(([email, phone], i) => {
      expectAnonymous(names[i]!, { email: email ?? undefined, phone: phone ?? undefined })
    })
    expect(names[5]).toBe('NightOwl7')
    const [renamed] = await db.query<{ name: string; player: string }>(
      `SELECT u.name, b.player FROM users u JOIN instant_bets b ON b.user_id = u.id
       WHERE u.id = $1`,
      [bettor.user.userId],
    )
    expect(renamed!.name).not.toBe(local)
    expect(renamed!.player).toBe(renamed!.name)
    // Nothing is left unnamed, so a second start names no one.
    expect(await assignPublicNames(db)).toBe(0)
  })
})
