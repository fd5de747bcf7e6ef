import { describe, expect, it } from 'vitest'
import { readRounds, readStopAmount } from './autoBetForm'

describe('auto-bet form rules', () => {
  it('takes 1 to 100 whole rounds and nothing else', () => {
    expect(readRounds('1')).toBe(1)
    expect(readRounds(' 100 ')).toBe(100)
    for (const bad of ['0', '101', '', 'ten', '2.5', '-3', '1e2', '1000']) {
      expect(readRounds(bad), bad).toBeNull()
    }
  })

  it('reads stop amounts in major units into minor units; empty means no stop', () => {
    expect(readStopAmount('', 'RUB')).toBeNull()
    expect(readStopAmount('  ', 'RUB')).toBeNull()
    expect(readStopAmount('50', 'RUB')).toBe(5000)
    expect(readStopAmount('12,5', 'RUB')).toBe(1250)
    expect(readStopAmount('0', 'RUB')).toBe('invalid')
    expect(readStopAmount('-5', 'RUB')).toBe('invalid')
    expect(readStopAmount('1.234', 'RUB')).toBe('invalid')
    expect(readStopAmount('abc', 'RUB')).toBe('invalid')
  })
})
