import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { applyPluralLanguages } from './plurals'

const i18n = i18next.createInstance()

beforeAll(async () => {
  await i18n.init({
    lng: 'kz',
    supportedLngs: ['en', 'ru', 'kz'],
    resources: {
      kz: {
        translation: {
          // Kazakh ordinals: "many" for 6, 9, 10, 16…; "other" for 1, 2, 3.
          place_ordinal_many: '{{count}} many',
          place_ordinal_other: '{{count}} other',
          bets_one: '{{count}} бәс',
          bets_other: '{{count}} бәс (other)',
        },
      },
    },
  })
  applyPluralLanguages(i18n)
})

describe('plurals under kz', () => {
  it('follow Kazakh (kk) rules, not the runtime default', () => {
    const rule = i18n.services.pluralResolver.getRule('kz') as Intl.PluralRules
    expect(rule.resolvedOptions().locale).toBe('kk')
    // English ordinals would give "one" for 1 and "other" for 6; Kazakh gives "other" and "many".
    expect(i18n.t('place', { count: 6, ordinal: true })).toBe('6 many')
    expect(i18n.t('place', { count: 1, ordinal: true })).toBe('1 other')
    expect(i18n.t('place', { count: 10, ordinal: true })).toBe('10 many')
  })

  it('pick one and other for cardinal counts', () => {
    expect(i18n.t('bets', { count: 1 })).toBe('1 бәс')
    expect(i18n.t('bets', { count: 5 })).toBe('5 бәс (other)')
  })

  it('patch an instance once', () => {
    applyPluralLanguages(i18n)
    expect(i18n.t('place', { count: 9, ordinal: true })).toBe('9 many')
  })
})
