import { describe, expect, it } from 'vitest'
import { DEFAULT_DICE_PARAMS, fieldTexts, flip, paramsFrom } from './diceFields'

describe('dice fields', () => {
  it('shows the default bet as target, chance and multiplier', () => {
    expect(fieldTexts(DEFAULT_DICE_PARAMS, 'en')).toEqual({
      target: '50.50',
      chance: '49.50',
      multiplier: '2.0000',
    })
  })

  it('shows a comma in ru and kz, and reads "1,5" and "1.5" alike in every language', () => {
    for (const locale of ['ru', 'kz'] as const) {
      expect(fieldTexts(DEFAULT_DICE_PARAMS, locale)).toEqual({
        target: '50,50',
        chance: '49,50',
        multiplier: '2,0000',
      })
    }
    expect(paramsFrom('multiplier', '1,5', 'under')).toEqual({ target: 6600, direction: 'under' })
    expect(paramsFrom('multiplier', '1.5', 'under')).toEqual({ target: 6600, direction: 'under' })
    expect(paramsFrom('chance', '12,25', 'over')).toEqual(paramsFrom('chance', '12.25', 'over'))
    // What a field shows reads back as the same bet, in each language.
    for (const locale of ['en', 'ru', 'kz'] as const) {
      const params = { target: 3333, direction: 'under' as const }
      const texts = fieldTexts(params, locale)
      expect(paramsFrom('target', texts.target, 'under')).toEqual(params)
      expect(paramsFrom('chance', texts.chance, 'under')).toEqual(params)
    }
  })

  it('links the chance and the multiplier to the target, both ways', () => {
    expect(paramsFrom('chance', '25', 'over')).toEqual({ target: 7500, direction: 'over' })
    expect(paramsFrom('chance', '25', 'under')).toEqual({ target: 2500, direction: 'under' })
    expect(paramsFrom('multiplier', '4', 'under')).toEqual({ target: 2475, direction: 'under' })
    expect(fieldTexts({ target: 2475, direction: 'under' }, 'en').multiplier).toBe('4.0000')
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
