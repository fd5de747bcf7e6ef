import { describe, expect, it } from 'vitest'
import { hotAndCold } from './hotCold'

describe('hot and cold numbers', () => {
  it('are empty before the first spin', () => {
    expect(hotAndCold([])).toEqual({ hot: [], cold: [] })
  })

  it('rank the most frequent numbers hot and the least frequent cold', () => {
    // Newest first: 7 three times, 12 twice (12 more recent than 20's pair is older).
    const pockets = [12, 7, 5, 7, 20, 12, 7, 20]
    const { hot, cold } = hotAndCold(pockets)
    expect(hot).toEqual([7, 12, 20])
    // Unseen numbers are colder than any seen once, lowest first.
    expect(cold).toEqual([0, 1, 2])
  })

  it('breaks ties among numbers seen once by how long ago they came', () => {
    const every = Array.from({ length: 37 }, (_, n) => 36 - n) // 36 newest ... 0 oldest
    expect(hotAndCold(every).cold).toEqual([0, 1, 2])
    expect(hotAndCold([...every, 0]).cold).toEqual([1, 2, 3])
  })
})
