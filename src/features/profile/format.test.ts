import { describe, expect, it } from 'vitest'

import { describeUserAgent, formatDateTime, initialsOf } from './format'

describe('profile formatting', () => {
  it('names browsers and systems, or nothing', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBe(
      'Chrome, Linux',
    )
    expect(
      describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1'),
    ).toBe('Safari, iOS')
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) Edg/140.0 Chrome/140.0')).toBe(
      'Edge, Windows',
    )
    expect(describeUserAgent('curl/8.0')).toBeNull()
    expect(describeUserAgent(null)).toBeNull()
  })

  it('makes up to two initials from the name, else the e-mail', () => {
    expect(initialsOf('Aigerim Sadykova', null)).toBe('AS')
    expect(initialsOf(null, 'demo.player@tessera.test')).toBe('DP')
    expect(initialsOf('  ', null)).toBe('?')
  })

  it('formats an instant in the saved time zone, and survives an unknown zone', () => {
    const iso = '2026-11-22T05:07:00.000Z'
    expect(formatDateTime(iso, 'en', 'UTC')).toBe('Nov 22, 2026, 5:07 AM')
    expect(formatDateTime(iso, 'en', 'Asia/Almaty')).toMatch(/Nov 22, 2026, 10:07/)
    expect(formatDateTime(iso, 'ru', 'Not/AZone')).toMatch(/2026/)
  })
})
