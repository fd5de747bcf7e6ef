import { describe, expect, it } from 'vitest'
import { DEFAULT_DICE_PARAMS, fieldTexts, flip, paramsFrom } from './diceFields'

describe('dice fields', () => {
  it('shows the default bet as target, chance and multiplier', () => {
    expect(fieldTexts(DEFAULT_DICE_PARAMS)).toEqual({
      target: '50.50',
      chance: '49.50',
      multiplier: '2.0000',
    })
  })

  it('links the chance and the multiplier to the target, both ways', () => {
    expect(paramsFrom('chance', '25', 'over')).toEqual({ target: 7500, direction: 'over' })
    expect(paramsFrom('chance', '25', 'under')).toEqual({ target: 2500, direction: 'under' })
    expect(paramsFrom('multiplier', '4', 'under')).toEqual({ target: 2475, direction: 'under' })
    expect(fieldTexts({ target: 2475, direction: 'under' }).multiplier).toBe('4.0000')
    expect(paramsFrom('target', '10,5', 'under')).toEqual({ target: 1050, direction: 'under' })
  })

  it('refuses chances outside 0.01–98 % and malformed numbers', () => {
    expect(paramsFrom('chance', '98.01', 'over')).toBeNull()
    expect(paramsFrom('chance', '0', 'over')).toBeNull()
    expect(paramsFrom('target', '1.5', 'over')).toBeNull()
    expect(paramsFrom('target', '50.505', 'over')).toBeNull()
    expect(paramsFrom('multiplier', 'x', 'over')).toBeNull()
  })

  it('flips the side keeping the chance', () => {
    expect(flip(DEFAULT_DICE_PARAMS)).toEqual({ target: 4950, direction: 'under' })
  })
})
