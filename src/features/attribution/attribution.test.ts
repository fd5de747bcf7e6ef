import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ALL_ALLOWED, useConsent } from '../consent/consent'
import { readRegistrationAttribution, writeAttributionCookie } from './cookies'
import {
  FINGERPRINT_FALLBACK_MS,
  FINGERPRINT_KEY,
  hashFeatures,
  scheduleFingerprint,
  type DeviceFeatures,
  type FingerprintHost,
} from './fingerprint'

const features: DeviceFeatures = {
  userAgent: 'Mozilla/5.0 Test',
  languages: ['ru-RU', 'en'],
  timeZone: 'Asia/Almaty',
  screen: '390x844',
  colorDepth: 24,
  cores: 8,
  touchPoints: 5,
  platform: 'iPhone',
}

function fakeHost(withIdle: boolean) {
  const store = new Map<string, string>()
  let idle: (() => void) | undefined
  const host: FingerprintHost = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
    },
    features: vi.fn(() => features),
    requestIdle: withIdle
      ? (cb) => {
          idle = cb
          return 1
        }
      : undefined,
    cancelIdle: withIdle ? () => (idle = undefined) : undefined,
    setTimer: (cb, ms) => setTimeout(cb, ms),
    clearTimer: (t) => clearTimeout(t),
  }
  return { host, store, fireIdle: () => idle?.() }
}

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  vi.useRealTimers()
  useConsent.setState({ choice: null, editing: false })
})

describe('attribution cookies', () => {
  it('reads the four registration fields, absent or blank as null', () => {
    expect(readRegistrationAttribution()).toEqual({
      partner: null,
      adplace: null,
      stag: null,
      promo: null,
    })
    // stag records a marketing source: written once the player allows it.
    expect(writeAttributionCookie('stag', 'aff_42')).toBe(false)
    useConsent.getState().choose(ALL_ALLOWED)
    writeAttributionCookie('stag', 'aff_42')
    writeAttributionCookie('promo', 'WELCOME')
    Cookies.set('partner', ' ')
    expect(readRegistrationAttribution()).toEqual({
      partner: null,
      adplace: null,
      stag: 'aff_42',
      promo: 'WELCOME',
    })
  })
})

describe('device fingerprint', () => {
  it('is a stable hash that changes with the features', () => {
    expect(hashFeatures(features)).toMatch(/^[0-9a-f]{16}$/)
    expect(hashFeatures({ ...features })).toBe(hashFeatures(features))
    expect(hashFeatures({ ...features, screen: '1440x900' })).not.toBe(hashFeatures(features))
  })

  it('is taken on idle when the browser is idle first, once', () => {
    vi.useFakeTimers()
    const { host, store, fireIdle } = fakeHost(true)
    scheduleFingerprint(host)
    expect(store.has(FINGERPRINT_KEY)).toBe(false)
    fireIdle()
    expect(store.get(FINGERPRINT_KEY)).toBe(hashFeatures(features))
    vi.advanceTimersByTime(FINGERPRINT_FALLBACK_MS)
    expect(host.features).toHaveBeenCalledTimes(1)
  })

  it('is taken after the fallback delay when no idle callback comes', () => {
    vi.useFakeTimers()
    const { host, store } = fakeHost(false)
    scheduleFingerprint(host)
    vi.advanceTimersByTime(FINGERPRINT_FALLBACK_MS - 1)
    expect(store.has(FINGERPRINT_KEY)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.get(FINGERPRINT_KEY)).toBe(hashFeatures(features))
  })

  it('is not taken again when one is kept', () => {
    vi.useFakeTimers()
    const { host, store, fireIdle } = fakeHost(true)
    store.set(FINGERPRINT_KEY, 'kept')
    scheduleFingerprint(host)
    fireIdle()
    vi.advanceTimersByTime(FINGERPRINT_FALLBACK_MS)
    expect(store.get(FINGERPRINT_KEY)).toBe('kept')
    expect(host.features).not.toHaveBeenCalled()
  })
})
