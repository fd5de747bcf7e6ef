import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  catalogueCategoriesResponse,
  catalogueFavouritesResponse,
  catalogueGameResponse,
  catalogueGamesResponse,
  catalogueProvidersResponse,
  catalogueRecentResponse,
  registerResponse,
  type CatalogueGame,
} from '../../contract'
import { encodeCursor } from '../../server/catalogue/cursor'
import { seedCatalogue } from '../../server/catalogue/seed'
import { recordPlayed } from '../../server/catalogue/store'
import type { Db } from '../../server/db/db'
import { DEMO } from '../../server/db/seed'
import { testDrivers } from './support/drivers'
import { openTestApp, type TestApp } from './support/harness'

/**
 * The games catalogue (server/catalogue, server/http/routes/catalogue.ts) on each database
 * driver: the demo seed, filters, search, the three sorts paged by cursor to the end, refused
 * input, favourites and recently played games.
 */
describe.each(testDrivers())('catalogue on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let token: string
  let userId: number

  beforeAll(async () => {
    ;({ db, t, close } = await openTestApp(driver))
    token = (await t.login()).token
    const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO.email,
    ])
    userId = rows[0]!.id
  }, 120_000)
  afterAll(async () => {
    await close?.()
  })

  const get = async (url: string, auth?: string) => {
    const res = await t.call('GET', url, { token: auth })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res
  }
  const page = async (url: string) => catalogueGamesResponse.parse((await get(url)).json())

  /** Every game of a query, page by page through `next_cursor`. */
  const all = async (query: string, limit: number) => {
    const games: CatalogueGame[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${cursor}`
      const p = await page(`/api/catalogue/games?${query}&limit=${limit}${suffix}`)
      games.push(...p.data)
      cursor = p.next_cursor
      expect(++pages).toBeLessThan(500)
    } while (cursor !== null)
    return games
  }

  it('seeds at least 300 demo titles over at least 12 providers, once', async () => {
    const [counts] = await db.query<{ games: number; titles: number; providers: number }>(
      `SELECT count(*)::int AS games, count(DISTINCT title_key)::int AS titles,
         count(DISTINCT provider_id)::int AS providers
       FROM catalogue_games WHERE is_demo_data`,
    )
    expect(counts!.games).toBeGreaterThanOrEqual(300)
    expect(counts!.titles).toBe(counts!.games)
    expect(counts!.providers).toBeGreaterThanOrEqual(12)
    for (const kind of ['slot', 'live']) {
      const [n] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM catalogue_games WHERE is_demo_data AND kind = $1`,
        [kind],
      )
      expect(n!.n, kind).toBeGreaterThanOrEqual(50)
    }
    // The sandbox's own games are real, not demo data.
    const book = catalogueGameResponse.parse(
      (await get('/api/catalogue/games/book-of-tessera')).json(),
    ).data
    expect(book).toMatchObject({
      title: 'Book of Tessera',
      kind: 'slot',
      provider: { id: 'tessera-sandbox', name: 'Tessera Sandbox' },
      is_demo_data: false,
      image: '/api/catalogue/games/book-of-tessera/image.svg',
    })
    const live = await get('/api/catalogue/games/sandbox-roulette-live')
    expect(live.json().data).toMatchObject({ kind: 'live', is_demo_data: false })
    const before = await db.query('SELECT * FROM catalogue_games ORDER BY id COLLATE "C"')
    expect(await seedCatalogue(db)).toBe(0)
    expect(await db.query('SELECT * FROM catalogue_games ORDER BY id COLLATE "C"')).toEqual(before)
  })

  it('filters by kind, category and provider, and says so in the counts', async () => {
    const slots = await all('kind=slot', 100)
    const live = await all('kind=live', 100)
    expect(slots.every((g) => g.kind === 'slot')).toBe(true)
    expect(live.every((g) => g.kind === 'live')).toBe(true)
    const [total] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_games')
    expect(slots.length + live.length).toBe(total!.n)

    const roulette = await all('kind=live&category=roulette', 100)
    expect(roulette.length).toBeGreaterThan(0)
    expect(roulette).toEqual(live.filter((g) => g.categories.includes('roulette')))

    const providers = catalogueProvidersResponse.parse(
      (await get('/api/catalogue/providers?kind=slot')).json(),
    ).data
    expect(providers.length).toBeGreaterThanOrEqual(11)
    expect(providers.reduce((sum, p) => sum + p.games, 0)).toBe(slots.length)
    const one = providers.find((p) => p.is_demo_data)!
    const ofOne = await all(`kind=slot&provider=${one.id}`, 100)
    expect(ofOne.length).toBe(one.games)
    expect(ofOne.every((g) => g.provider.id === one.id)).toBe(true)
    expect((await page('/api/catalogue/games?provider=no-such-studio')).data).toEqual([])

    const categories = catalogueCategoriesResponse.parse(
      (await get('/api/catalogue/categories?kind=live')).json(),
    ).data
    const roulettes = categories.find((c) => c.id === 'roulette')
    expect(roulettes?.games).toBe(roulette.length)
    expect(categories.map((c) => c.id)).not.toContain('megaways')
    const everything = (await get('/api/catalogue/categories')).json().data as { id: string }[]
    expect(everything.map((c) => c.id)).toContain('megaways')
    expect((await get('/api/catalogue/providers')).headers['cache-control']).toBe(
      'public, max-age=60',
    )
  })

  it('searches titles case-insensitively for a trimmed part, % and _ taken literally', async () => {
    const slots = await all('kind=slot', 100)
    const found = await all(`kind=slot&q=${encodeURIComponent('  bOoK oF ')}`, 100)
    const expected = slots.filter((g) => g.title.toLowerCase().includes('book of'))
    expect(found.length).toBeGreaterThan(1)
    expect(found).toEqual(expected)
    expect(found.map((g) => g.id)).toContain('book-of-tessera')
    // An apostrophe is text too (no SQL sees it as a quote).
    const fortunes = await all(`q=${encodeURIComponent("'s fortune")}`, 100)
    expect(fortunes.length).toBeGreaterThan(0)
    expect(fortunes.every((g) => g.title.includes("'s Fortune"))).toBe(true)
    for (const wildcard of ['%', '_', '\\']) {
      const res = await page(`/api/catalogue/games?q=${encodeURIComponent(wildcard)}`)
      expect(res.data, wildcard).toEqual([])
    }
    // Only spaces: no search at all.
    expect((await page('/api/catalogue/games?q=%20%20&limit=5')).data).toHaveLength(5)
  })

  it('pages through every slot exactly once in each sort order', async () => {
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalogue_games WHERE kind = 'slot'`,
    )
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    const orders: Record<string, (a: CatalogueGame, b: CatalogueGame) => number> = {
      popular: (a, b) => b.popularity - a.popularity || byKey(a.id, b.id),
      new: (a, b) => byKey(b.released_at, a.released_at) || byKey(a.id, b.id),
      title: (a, b) => byKey(a.title.toLowerCase(), b.title.toLowerCase()) || byKey(a.id, b.id),
    }
    for (const [sort, order] of Object.entries(orders)) {
      // 37: pages end inside runs of equal keys (dates, popularity ties), not on round numbers.
      const games = await all(`kind=slot&sort=${sort}`, 37)
      expect(games.length, sort).toBe(count!.n)
      expect(new Set(games.map((g) => g.id)).size, sort).toBe(count!.n)
      expect(games, sort).toEqual([...games].sort(order))
    }
    // Popular is the default sort; the sandbox's book leads it.
    expect((await page('/api/catalogue/games?kind=slot&limit=1')).data[0]?.id).toBe(
      'book-of-tessera',
    )
    const last = await page('/api/catalogue/games?kind=live&limit=100')
    expect(last.next_cursor).toBeNull()
  })

  it('refuses bad input with 400 bad_request naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      [`q=${'a'.repeat(65)}`, 'q'],
      ['q=a%00b', 'q'],
      ['sort=random', 'sort'],
      ['kind=poker', 'kind'],
      ['category=new', 'category'],
      ['provider=Bad%20Name', 'provider'],
      ['cursor=not%20base64!', 'cursor'],
      // Well-formed, but no cursor this server issued for this sort.
      [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
      [`sort=title&cursor=${encodeCursor({ sort: 'popular', value: 5, id: 'x' })}`, 'cursor'],
      [`sort=new&cursor=${encodeCursor({ sort: 'new', value: '2024-02-30', id: 'x' })}`, 'cursor'],
      [`cursor=${encodeCursor({ sort: 'popular', value: 2 ** 31, id: 'x' })}`, 'cursor'],
    ]
    for (const [query, field] of cases) {
      const res = await t.call('GET', `/api/catalogue/games?${query}`)
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400)
      expect(res.json().data, query).toMatchObject({ message: 'bad_request', params: { field } })
    }
    // 64 characters after trimming are fine.
    expect((await t.call('GET', `/api/catalogue/games?q=${'a'.repeat(64)}%20`)).statusCode).toBe(
      200,
    )
    const providers = await t.call('GET', '/api/catalogue/providers?kind=table')
    expect(providers.statusCode).toBe(400)
    expect(providers.json().data.params.field).toBe('kind')
  })

  it('answers 404 for an unknown or malformed game, and draws a cached picture', async () => {
    for (const path of ['no-such-game', 'Book-Of-Tessera', 'x%00y', 'a'.repeat(65)]) {
      for (const suffix of ['', '/image.svg']) {
        const res = await t.call('GET', `/api/catalogue/games/${path}${suffix}`)
        expect(res.statusCode, path + suffix).toBe(404)
        expect(res.json().data.message).toBe('not_found')
      }
    }
    const holdem = (await all(`q=${encodeURIComponent("hold'em")}`, 100))[0]!
    const res = await get(holdem.image)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(res.body).toContain('Hold&#39;em')
    expect(res.body).not.toContain("Hold'em")
    expect((await get(holdem.image)).body).toBe(res.body)
    const etag = res.headers.etag as string
    const again = await t.call('GET', holdem.image, { headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await get('/api/catalogue/games/book-of-tessera/image.svg')
    expect(other.headers.etag).not.toBe(etag)
  })

  it('keeps favourites per player: add and remove twice alike, newest first, 404 for no game', async () => {
    const favourites = async () =>
      catalogueFavouritesResponse
        .parse((await get('/api/catalogue/favourites', token)).json())
        .data.map((g) => g.id)
    expect((await t.call('GET', '/api/catalogue/favourites')).statusCode).toBe(401)
    const put = (id: string, auth?: string) =>
      t.call('PUT', `/api/catalogue/favourites/${id}`, { token: auth })
    expect((await put('book-of-tessera')).statusCode).toBe(401)
    expect(await favourites()).toEqual([])

    for (let i = 0; i < 2; i++) {
      const res = await put('book-of-tessera', token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ success: true })
    }
    t.clock.advance(1000)
    expect((await put('sandbox-roulette-live', token)).statusCode).toBe(200)
    expect(await favourites()).toEqual(['sandbox-roulette-live', 'book-of-tessera'])

    expect((await put('no-such-game', token)).statusCode).toBe(404)
    expect(
      (await t.call('DELETE', '/api/catalogue/favourites/no-such-game', { token })).statusCode,
    ).toBe(404)
    expect(await favourites()).toEqual(['sandbox-roulette-live', 'book-of-tessera'])

    for (let i = 0; i < 2; i++) {
      const res = await t.call('DELETE', '/api/catalogue/favourites/sandbox-roulette-live', {
        token,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect(await favourites()).toEqual(['book-of-tessera'])
    // Another player sees none of them.
    const other = await t.call('POST', '/api/api/v2/auth/register/email', {
      body: { email: 'catalogue@tessera.test', password: 'password-123', fpp: 'fp' },
    })
    expect(other.statusCode, other.body).toBe(200)
    const otherToken = registerResponse.parse(other.json()).data.token
    expect((await get('/api/catalogue/favourites', otherToken)).json().data).toEqual([])
  })

  it('lists recently played games newest first, a replayed game moved to the front', async () => {
    expect((await t.call('GET', '/api/catalogue/recent')).statusCode).toBe(401)
    const recent = async () =>
      catalogueRecentResponse
        .parse((await get('/api/catalogue/recent', token)).json())
        .data.map((r) => r.game.id)
    expect(await recent()).toEqual([])
    const slots = (await page('/api/catalogue/games?kind=slot&sort=title&limit=3')).data
    const [a, b, c] = slots.map((g) => g.id) as [string, string, string]
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s))
    expect(await recordPlayed(db, userId, a, at(1))).toBe(true)
    expect(await recordPlayed(db, userId, b, at(2))).toBe(true)
    expect(await recordPlayed(db, userId, c, at(3))).toBe(true)
    expect(await recent()).toEqual([c, b, a])
    expect(await recordPlayed(db, userId, a, at(4))).toBe(true)
    expect(await recent()).toEqual([a, c, b])
    // A late call with an older time moves nothing back.
    expect(await recordPlayed(db, userId, c, at(0))).toBe(true)
    expect(await recent()).toEqual([a, c, b])
    expect(await recordPlayed(db, userId, 'no-such-game', at(5))).toBe(false)
    const first = (await get('/api/catalogue/recent', token)).json().data[0]
    expect(first.played_at).toBe(at(4).toISOString())
    expect(first.game.id).toBe(a)
  })
})
