import { describe, expect, it } from 'vitest'
import { parseCrashSearch } from './roundLink'

describe('the crash page search (?round=)', () => {
  it.each([
    [{ round: 12 }, '12'], // the router's parser reads ?round=12 as a number
    [{ round: '12' }, '12'], // ?round=%2212%22, or a parser that keeps text
    [{ round: 'r-7f' }, 'r-7f'], // another operator's ids need not be numbers
    [{ round: 4321, login: '' }, '4321'], // other parameters (a modal flag) are left alone
  ])('%j opens round %s', (search, round) => {
    expect(parseCrashSearch(search)).toEqual({ round })
  })

  it.each([
    [{}],
    [{ round: 0 }],
    [{ round: -3 }],
    [{ round: 1.5 }],
    [{ round: '' }],
    [{ round: '   ' }],
    [{ round: 'x'.repeat(65) }],
    [{ round: { id: 1 } }],
    [{ round: [1] }],
    [{ round: true }],
    [null],
    ['round=12'],
  ])('%j opens nothing', (search) => {
    expect(parseCrashSearch(search)).toEqual({ round: null })
  })
})
