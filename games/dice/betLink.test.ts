import { describe, expect, it } from 'vitest'
import { parseDiceSearch } from './betLink'

describe('dice search', () => {
  it('reads a bet id, and ignores a missing or malformed one', () => {
    expect(parseDiceSearch({ bet: 'b-123' })).toEqual({ bet: 'b-123' })
    expect(parseDiceSearch({})).toEqual({ bet: null })
    expect(parseDiceSearch({ bet: '' })).toEqual({ bet: null })
    expect(parseDiceSearch({ bet: 'x'.repeat(65) })).toEqual({ bet: null })
    expect(parseDiceSearch(null)).toEqual({ bet: null })
  })
})
