import { adjectives } from 'unique-names-generator'
import { describe, expect, it } from 'vitest'
import { FRIENDLY, NAME_ADJECTIVES, generatePublicName, revealsIdentifier } from './publicName'

describe('public names', () => {
  it('are an adjective, an animal and a number, drawn from every word', () => {
    const names = Array.from({ length: 2000 }, () => generatePublicName())
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+[1-9]\d{3}$/)
    // Random, not one name over and over. 2000 draws from ~300 million names repeat one with
    // a chance near 2000² / (2 × 3·10⁸), 0.7 %: a CI run met it. Six repeats or more, which a
    // few words drawn over and over would give, have a chance under 10⁻¹⁵ by luck alone.
    expect(names.length - new Set(names).size).toBeLessThan(6)
  })

  it('take every friendly adjective from the library dictionary', () => {
    const library = new Set(adjectives)
    expect([...FRIENDLY].filter((w) => !library.has(w))).toEqual([])
    expect(NAME_ADJECTIVES).toHaveLength(FRIENDLY.size)
  })

  it('tell when a name shows a piece of an e-mail or a phone', () => {
    const ids = { email: 'anna.smith@example.com', phone: '+7 701 123 45 67' }
    expect(revealsIdentifier('anna.smith', ids)).toBe(true)
    expect(revealsIdentifier('SmithOtter1000', ids)).toBe(true)
    expect(revealsIdentifier('BraveOtter4567', ids)).toBe(true)
    expect(revealsIdentifier('+77011234567', ids)).toBe(true)
    expect(revealsIdentifier('BraveOtter4821', ids)).toBe(false)
    expect(revealsIdentifier('BraveOtter4821', {})).toBe(false)
  })

  it('are drawn again when they would show a piece of the log-in identifiers', () => {
    // The numbers 1000-1099 are in this phone and an adjective is the e-mail: names with them
    // come up often in 200 draws, and none may come back.
    const digits = Array.from({ length: 100 }, (_, i) => String(1000 + i)).join('')
    const ids = { email: 'brave@example.com', phone: digits }
    for (let i = 0; i < 200; i++) {
      const name = generatePublicName(ids)
      expect(revealsIdentifier(name, ids)).toBe(false)
      expect(name.toLowerCase()).not.toContain('brave')
    }
  })
})
