import { describe, expect, it } from 'vitest'
import { catalogueCategory, catalogueSlug } from '../../contract'
import { DEMO_COUNTS, SANDBOX_GAMES, demoCatalogue, slugOf, titleKey } from './demoCatalogue'

describe('the demo catalogue', () => {
  const { providers, games } = demoCatalogue()

  it('is the same on every run, and another seed gives another catalogue', () => {
    expect(demoCatalogue()).toEqual({ providers, games })
    expect(demoCatalogue(1).games.map((g) => g.title)).not.toEqual(games.map((g) => g.title))
  })

  it('has the counted titles over at least 12 providers, all marked demo data', () => {
    expect(games.filter((g) => g.kind === 'slot')).toHaveLength(DEMO_COUNTS.slot)
    expect(games.filter((g) => g.kind === 'live')).toHaveLength(DEMO_COUNTS.live)
    expect(providers.length).toBeGreaterThanOrEqual(12)
    expect(new Set(games.map((g) => g.providerId)).size).toBe(providers.length)
    expect(games.every((g) => g.isDemoData) && providers.every((p) => p.isDemoData)).toBe(true)
  })

  it('gives unique titles, ids and provider codes, none a sandbox game has', () => {
    const all = [...SANDBOX_GAMES, ...games]
    expect(new Set(all.map((g) => titleKey(g.title))).size).toBe(all.length)
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length)
    expect(new Set(all.map((g) => `${g.providerId}/${g.providerGameCode}`)).size).toBe(all.length)
  })

  it('writes only values the contract and migration 033 accept', () => {
    for (const g of [...SANDBOX_GAMES, ...games]) {
      expect(catalogueSlug.safeParse(g.id).success, g.id).toBe(true)
      expect(g.id).toBe(slugOf(g.title))
      for (const c of g.categories) expect(catalogueCategory.safeParse(c).success, c).toBe(true)
      expect(g.releasedAt).toMatch(/^20(19|2[0-6])-\d{2}-\d{2}$/)
      expect(Number.isSafeInteger(g.popularity) && g.popularity >= 0).toBe(true)
      expect(g.title.length).toBeLessThanOrEqual(100)
    }
    // Live tables are tables or shows; slots are neither.
    for (const g of games) {
      const table = g.categories.includes('table') || g.categories.includes('game-show')
      expect(table, g.title).toBe(g.kind === 'live')
    }
  })

  it('makes ids from titles', () => {
    expect(slugOf("Ivory Hold'em Baku")).toBe('ivory-holdem-baku')
    expect(slugOf('Kestrel & Finch')).toBe('kestrel-and-finch')
    expect(titleKey('КНИГА Тессеры')).toBe('книга тессеры')
  })
})
