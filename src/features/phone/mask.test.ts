import { describe, expect, it } from 'vitest'

import {
  applyMask,
  isCompletePhone,
  joinPhone,
  maskCapacity,
  PHONE_COUNTRIES,
  PHONE_MASKS,
  splitPhone,
} from './mask'

const [RU, BY] = PHONE_COUNTRIES as [(typeof PHONE_COUNTRIES)[0], (typeof PHONE_COUNTRIES)[0]]

describe('applyMask', () => {
  it('formats the +7 mask of SPEC.md section 5 as digits arrive', () => {
    const mask = PHONE_MASKS['+7']
    expect(applyMask(mask, '')).toBe('')
    expect(applyMask(mask, '9')).toBe('(9')
    expect(applyMask(mask, '999')).toBe('(999')
    expect(applyMask(mask, '9991')).toBe('(999) 1')
    expect(applyMask(mask, '9991234567')).toBe('(999) 123 45 67')
    // Extra input is dropped; non-digits are skipped.
    expect(applyMask(mask, '(999) 123-45-67 89')).toBe('(999) 123 45 67')
  })

  it('reads underscores of the +375 mask as digit slots', () => {
    expect(applyMask(PHONE_MASKS['+375'], '1234567')).toBe('123 45 67')
    expect(maskCapacity(PHONE_MASKS['+375'])).toBe(7)
    expect(applyMask(BY.mask, '291234567')).toBe('(29) 123 45 67')
  })

  it('knows letter and alphanumeric slots', () => {
    expect(applyMask('@@-###', 'ab123')).toBe('ab-123')
    expect(applyMask('@@-###', '1a2b3c4')).toBe('ab-34')
    expect(applyMask('**-*', 'a1!b')).toBe('a1-b')
  })
})

describe('E.164 in and out', () => {
  it('splits and joins numbers of the offered countries', () => {
    expect(splitPhone('+79991234567')).toEqual({ country: RU, national: '9991234567' })
    expect(splitPhone('+375291234567')).toEqual({ country: BY, national: '291234567' })
    expect(splitPhone('')).toEqual({ country: RU, national: '' })
    expect(joinPhone(RU, '(999) 123 45 67')).toBe('+79991234567')
    expect(joinPhone(RU, '99912345678999')).toBe('+79991234567')
    expect(joinPhone(BY, '')).toBe('')
  })

  it('tells a complete number from a partial one', () => {
    expect(isCompletePhone('+79991234567')).toBe(true)
    expect(isCompletePhone('+7999123456')).toBe(false)
    expect(isCompletePhone('+375291234567')).toBe(true)
    expect(isCompletePhone('')).toBe(false)
  })
})
