import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('configuration', () => {
  it('has working defaults and picks the mode from NODE_ENV', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      mode: 'sandbox',
      dataDir: '.data/pglite',
    })
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('production')
    expect(loadConfig({ NODE_ENV: 'production', TESSERA_MODE: 'sandbox' }).sandbox).toBe(true)
    expect(loadConfig({ BLOCKED_COUNTRIES: 'us, gb' }).blockedCountries).toEqual(['US', 'GB'])
  })

  it('refuses bad values with a readable error', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ TESSERA_MODE: 'live' })).toThrow(/TESSERA_MODE/)
  })

  it('turns the live games test hooks on only when asked, and never in production', () => {
    expect(loadConfig({}).testHooks).toBe(false)
    expect(loadConfig({ TEST_HOOKS: 'true' }).testHooks).toBe(true)
    expect(() => loadConfig({ TEST_HOOKS: 'true', NODE_ENV: 'production' })).toThrow(/TEST_HOOKS/)
  })
})
