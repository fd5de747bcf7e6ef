import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  depositProcessConfig,
  profileHistoryResponse,
  profileSessionsResponse,
  type BetHistoryItem,
  type ProfileHistoryResponse,
} from '../../contract'
import type { Db } from '../../server/db/db'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; rv:140.0) Gecko/20100101 Firefox/140.0'
const HEX = (c: string) => c.repeat(64)

/**
 * The profile area's designed calls (server/http/routes/profileArea.ts) on each database driver:
 * sessions with their device, revoking one, and the bet and deposit history by keyset pages.
 * Every test also checks that a second player sees and ends nothing of the first.
 */
describe.each(testDrivers())('profile area on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let demoId: number
  let other: { token: string; id: number }

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
    demoId = (
      await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo@tessera.test'")
    )[0]!.id
    const reg = await t.call('POST', '/api/api/v2/auth/register/email', {
      body: { email: 'other@tessera.test', password: 'password-123' },
      headers: { 'user-agent': FIREFOX },
    })
    expect(reg.statusCode, reg.body).toBe(200)
    other = {
      token: reg.json<{ data: { token: string } }>().data.token,
      id: (
        await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'other@tessera.test'")
      )[0]!.id,
    }
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await close?.()
  })

  const logIn = async (userAgent: string) => {
    const res = await t.call('POST', '/api/api/v2/auth/login/email/password', {
      body: { email: 'demo@tessera.test', password: 'tessera-demo' },
      headers: { 'user-agent': userAgent },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ token: string }>().token
  }
  const sessions = async (token: string) => {
    const res = await t.call('GET', '/api/profile/sessions', { token })
    expect(res.statusCode, res.body).toBe(200)
    return profileSessionsResponse.parse(res.json())
  }
  const history = async (token: string, query: string): Promise<ProfileHistoryResponse> => {
    const res = await t.call('GET', `/api/profile/history?${query}`, { token })
    expect(res.statusCode, res.body).toBe(200)
    return profileHistoryResponse.parse(res.json())
  }

  describe('sessions', () => {
    it('lists live sessions with their device, the current one first, and the previous log-in', async () => {
      const first = await logIn(FIREFOX)
      t.clock.advance(60_000)
      const second = await logIn(CHROME)
      const list = await sessions(second)
      expect(list.data[0]).toMatchObject({ current: true, user_agent: CHROME, ip: '127.0.0.1' })
      expect(list.data.filter((s) => s.current)).toHaveLength(1)
      expect(list.data.some((s) => s.user_agent === FIREFOX && !s.current)).toBe(true)
      const firstSession = (await sessions(first)).data.find((s) => s.current)!
      expect(list.previous_login_at).toBe(firstSession.created_at)
      // The other player's list has only their own session.
      const theirs = await sessions(other.token)
      expect(theirs.data).toHaveLength(1)
      expect(theirs.data[0]).toMatchObject({ current: true, user_agent: FIREFOX })
      expect(theirs.previous_login_at).toBeNull()
    })

    it('revokes another session of the same player; that token stops working', async () => {
      const phone = await logIn(FIREFOX)
      const laptop = await logIn(CHROME)
      const phoneId = (await sessions(phone)).data.find((s) => s.current)!.id
      const res = await t.call('DELETE', `/api/profile/sessions/${phoneId}`, { token: laptop })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ success: true })
      expect((await t.call('GET', '/api/profile/user', { token: phone })).statusCode).toBe(401)
      expect((await sessions(laptop)).data.map((s) => s.id)).not.toContain(phoneId)
      const again = await t.call('DELETE', `/api/profile/sessions/${phoneId}`, { token: laptop })
      expect(again.statusCode).toBe(404)
      const ended = await db.query<{ ended_reason: string }>(
        'SELECT ended_reason FROM sessions WHERE id = $1',
        [phoneId],
      )
      expect(ended[0]?.ended_reason).toBe('revoked')
    })

    it('refuses to revoke the current session (log-out does that)', async () => {
      const token = await logIn(CHROME)
      const id = (await sessions(token)).data.find((s) => s.current)!.id
      const res = await t.call('DELETE', `/api/profile/sessions/${id}`, { token })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors.id[0]).toMatch(/^current_session: /)
      expect((await t.call('GET', '/api/profile/user', { token })).statusCode).toBe(200)
    })

    it("cannot see or revoke another player's session", async () => {
      const demo = await logIn(CHROME)
      const demoSession = (await sessions(demo)).data.find((s) => s.current)!.id
      const res = await t.call('DELETE', `/api/profile/sessions/${demoSession}`, {
        token: other.token,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().data.message).toBe('not_found')
      expect((await t.call('GET', '/api/profile/user', { token: demo })).statusCode).toBe(200)
      expect((await sessions(other.token)).data.map((s) => s.id)).not.toContain(demoSession)
    })

    it('leaves out sessions past the idle timeout; malformed ids are 404', async () => {
      const stale = await logIn(FIREFOX)
      const staleId = (await sessions(stale)).data.find((s) => s.current)!.id
      await db.query(
        "UPDATE sessions SET last_seen_at = last_seen_at - interval '8 days' WHERE id = $1",
        [staleId],
      )
      const token = await logIn(CHROME)
      expect((await sessions(token)).data.map((s) => s.id)).not.toContain(staleId)
      for (const bad of ['0', '-1', 'abc', '1.5']) {
        const res = await t.call('DELETE', `/api/profile/sessions/${bad}`, { token })
        expect(res.statusCode, bad).toBe(404)
      }
    })
  })

  describe('history', () => {
    beforeAll(async () => {
      const chain = await db.query<{ id: number }>(
        `INSERT INTO crash_chains (seed_hash, salt, length, terminating_hash)
         VALUES ($1, 'salt', 10, $2) RETURNING id`,
        [HEX('a'), HEX('b')],
      )
      const bet = (
        id: string,
        game: number,
        user: number,
        status: string,
        at: number,
        extra = {},
      ) =>
        ({ id, game, user, status, at, cashout: null, win: null, ...extra }) as {
          id: string
          game: number
          user: number
          status: string
          at: number
          cashout: number | null
          win: number | null
        }
      const bets = [
        bet('b-1', 1, demoId, 'lost', 1_000, { win: 0 }),
        bet('b-2', 2, demoId, 'cashedOut', 2_000, { cashout: 250, win: 250_00 }),
        bet('b-3', 3, demoId, 'refunded', 3_000),
        bet('b-4', 4, demoId, 'refused', 4_000),
        bet('b-5', 5, demoId, 'active', 5_000),
        // Same instant as b-5: the id breaks the tie, so no row is skipped or repeated.
        bet('b-6', 6, demoId, 'lost', 5_000, { win: 0 }),
        bet('b-9', 5, other.id, 'cashedOut', 5_500, { cashout: 300, win: 300_00 }),
      ]
      for (const b of bets) {
        await db.query(
          `INSERT INTO crash_bets (id, chain_id, game, user_id, client_key, player, amount, currency,
             status, cashout_at, win, created_at)
           VALUES ($1, $2, $3, $4, $1, 'p', 10000, 'RUB', $5, $6, $7, $8)`,
          [b.id, chain[0]!.id, b.game, b.user, b.status, b.cashout, b.win, b.at],
        )
      }
    })

    it('pages bets newest first by keyset, with status, multiplier and payout', async () => {
      const token = await logIn(CHROME)
      const seen: BetHistoryItem[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page = await history(token, `kind=bets&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        if (page.kind !== 'bets') throw new Error('wrong kind')
        expect(page.data.length).toBeLessThanOrEqual(2)
        seen.push(...page.data)
        cursor = page.next_cursor
        pages += 1
      } while (cursor)
      expect(pages).toBe(3)
      expect(seen.map((b) => b.id)).toEqual(['b-6', 'b-5', 'b-3', 'b-2', 'b-1'])
      expect(seen.find((b) => b.id === 'b-2')).toMatchObject({
        game: 'crash',
        round_id: '2',
        status: 'won',
        multiplier: 250,
        payout: 250_00,
        amount: 100_00,
        currency: 'RUB',
        created_at: new Date(2_000).toISOString(),
      })
      expect(seen.find((b) => b.id === 'b-1')).toMatchObject({ status: 'lost', payout: 0 })
      expect(seen.find((b) => b.id === 'b-3')).toMatchObject({ status: 'refunded', payout: 100_00 })
      expect(seen.find((b) => b.id === 'b-5')).toMatchObject({ status: 'pending', payout: null })
    })

    it('shows a player only their own bets and deposits', async () => {
      const bets = await history(other.token, 'kind=bets')
      expect(bets.data.map((b) => b.id)).toEqual(['b-9'])
      const deposits = await history(other.token, 'kind=deposits')
      expect(deposits.data).toEqual([])
    })

    it('lists deposits newest first with status; an unpaid invoice past its life reads expired', async () => {
      const token = await logIn(CHROME)
      const ids: string[] = []
      for (const [i, amount] of [500_00, 700_00, 900_00].entries()) {
        const res = await t.call('POST', '/api/billing/payment/create', {
          token,
          body: { method_hash: 'card-rub', amount },
          headers: { 'idempotency-key': `profile-area-${i}` },
        })
        expect(res.statusCode, res.body).toBe(200)
        ids.push(depositProcessConfig.parse(res.json()).id)
        t.clock.advance(1_000)
      }
      const paid = await t.call('POST', `/api/sandbox/pay/${ids[1]}/confirm`)
      expect(paid.statusCode, paid.body).toBe(200)
      const first = await history(token, 'kind=deposits&limit=2')
      if (first.kind !== 'deposits') throw new Error('wrong kind')
      expect(first.data.map((d) => d.id)).toEqual([ids[2], ids[1]])
      expect(first.data[1]).toMatchObject({ amount: 700_00, status: 3, method: 'Bank card' })
      expect(first.data[0]).toMatchObject({ status: 1, currency: 'RUB' })
      expect(first.next_cursor).not.toBeNull()
      const second = await history(token, `kind=deposits&limit=2&cursor=${first.next_cursor}`)
      expect(second.data.map((d) => d.id)).toEqual([ids[0]])
      expect(second.next_cursor).toBeNull()
      t.clock.advance(1_300_000)
      // Past the access token's life too: a new log-in reads the list.
      const later = await history(await logIn(CHROME), 'kind=deposits')
      expect(later.data.map((d) => d.status)).toEqual([4, 3, 4])
    })

    it('refuses a bad kind, limit or cursor with a 422 naming the field', async () => {
      const token = await logIn(CHROME)
      for (const [query, field] of [
        ['kind=wins', 'kind'],
        ['', 'kind'],
        ['kind=bets&limit=0', 'limit'],
        ['kind=bets&limit=101', 'limit'],
        ['kind=bets&cursor=%25%25', 'cursor'],
        ['kind=bets&cursor=bm90LWEtY3Vyc29y', 'cursor'],
        ['kind=deposits&cursor=MXxiLTE', 'cursor'],
      ] as const) {
        const res = await t.call('GET', `/api/profile/history?${query}`, { token })
        expect(res.statusCode, query).toBe(422)
        expect(Object.keys(res.json().errors), query).toContain(field)
      }
    })
  })
})
