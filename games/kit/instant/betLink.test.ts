import { describe, expect, it } from 'vitest'
import { parseBetSearch } from './betLink'

describe('instant bet search', () => {
  it('reads a bet id, and ignores a missing or malformed one', () => {
    expect(parseBetSearch({ bet: 'b-123' })).toEqual({ bet: 'b-123' })
    expect(parseBetSearch({})).toEqual({ bet: null })
    expect(parseBetSearch({ bet: '' })).toEqual({ bet: null })
    expect(parseBetSearch({ bet: 'x'.repeat(65) })).toEqual({ bet: null })
    expect(parseBetSearch(null)).toEqual({ bet: null })
  })
})
