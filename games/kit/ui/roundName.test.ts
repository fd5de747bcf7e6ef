import { describe, expect, it } from 'vitest'
import { roundName } from './roundName'

describe('roundName', () => {
  it('shows a live round by its number', () => {
    expect(roundName('4812')).toEqual({ kind: 'round', name: '4812' })
  })

  it("shows an instant bet by its id's first eight hex digits, without the prefix", () => {
    expect(roundName('b-eaf732c8-3ca8-4f1e-9a55-0c1d2e3f4a5b')).toEqual({
      kind: 'bet',
      name: 'eaf732c8',
    })
  })

  it('cuts any other long id short', () => {
    expect(roundName('abcdefghijklmnopqrstuvwxyz').name).toBe('abcdefghijkl…')
  })
})
