import { describe, expect, it } from 'vitest'
import { msUntil, toLocalTime } from './clock'

const T0 = 1_700_000_000_000

describe('server-anchored clock', () => {
  it('puts server times on the local clock the offset was measured against', () => {
    // The server is 1.5 s ahead of the page's clock.
    expect(toLocalTime(T0 + 10_000, 1500)).toBe(T0 + 8500)
    expect(toLocalTime(T0 + 10_000, -1500)).toBe(T0 + 11_500)
  })

  it('counts down to a server time on the local clock, and stops at 0', () => {
    expect(msUntil(T0 + 10_000, 1500, T0 + 8000)).toBe(500)
    expect(msUntil(T0 + 10_000, 1500, T0 + 9000)).toBe(0)
  })
})
