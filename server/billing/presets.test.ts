import { describe, expect, it } from 'vitest'
import { depositPresets } from './presets'

describe('deposit presets', () => {
  it('spaces five amounts geometrically, rounded to 50 under a 5000 range', () => {
    const p = depositPresets(100_00, 3000_00)
    expect(p).toHaveLength(5)
    expect(p[0]).toBe(100_00)
    expect(p[4]).toBe(3000_00)
    for (const a of p) expect(a % 50_00).toBe(0)
    for (let i = 1; i < p.length; i++) expect(p[i]!).toBeGreaterThan(p[i - 1]!)
  })

  it('rounds to 100 over a wide range and stays within the limits', () => {
    const p = depositPresets(100_00, 300_000_00)
    expect(p[0]).toBe(100_00)
    expect(p[4]).toBe(300_000_00)
    for (const a of p) expect(a % 100_00).toBe(0)
  })
})
