import { describe, expect, it } from 'vitest'
import { userPropertiesOf } from './userProperties'

const base = {
  language: 'ru-RU',
  hostname: 'tessera.example',
  referrer: '',
  timeZone: 'Asia/Almaty',
  standalone: false,
}

describe("SPEC section 3's user properties", () => {
  it('reads device, platform, os, language, domain, time zone and referring domain', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36'
    expect(
      userPropertiesOf({ ...base, userAgent: android, referrer: 'https://ya.ru/search?q=x' }),
    ).toEqual({
      device_type: 'mobile',
      platform: 'web',
      os: 'Android',
      platform_language: 'ru-RU',
      domain: 'tessera.example',
      time_zone: 'Asia/Almaty',
      referring_domain: 'ya.ru',
    })
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
    expect(userPropertiesOf({ ...base, userAgent: ipad, standalone: true })).toMatchObject({
      device_type: 'tablet',
      platform: 'pwa',
      os: 'iOS',
      referring_domain: '$direct',
    })
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36'
    expect(
      userPropertiesOf({ ...base, userAgent: windows, referrer: 'https://tessera.example/faq' }),
    ).toMatchObject({ device_type: 'desktop', os: 'Windows', referring_domain: '$direct' })
  })
})
