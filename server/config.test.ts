import { describe, expect, it } from 'vitest'
import { SANDBOX_WALLET_PROVIDER, loadConfig, sandboxWarning } from './config'

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

  it('reads the per-game service URLs, refusing unknown services, relative URLs and bad JSON', () => {
    expect(loadConfig({}).gameServices).toEqual({})
    const split = loadConfig({
      GAME_SERVICE_URLS: '{"crash":"https://crash.example","dice":"http://d:4000"}',
    })
    expect(split.gameServices).toEqual({ crash: 'https://crash.example', dice: 'http://d:4000' })
    for (const bad of [
      '{"roulette":"https://r.example"}',
      '{"crash":"/crash"}',
      '{"crash":',
      '[]',
    ]) {
      expect(() => loadConfig({ GAME_SERVICE_URLS: bad }), bad).toThrow(/GAME_SERVICE_URLS/)
    }
  })

  it('reads the wallet providers, adding the sandbox one only in sandbox mode', () => {
    const secret = 'acme-secret-0123456789'
    const ids = (c: ReturnType<typeof loadConfig>) => c.wallet.providers.map((p) => p.id)
    expect(ids(loadConfig({}))).toEqual([SANDBOX_WALLET_PROVIDER.id])
    expect(ids(loadConfig({ NODE_ENV: 'production' }))).toEqual([])
    const acme = loadConfig({
      NODE_ENV: 'production',
      WALLET_PROVIDERS: `{"acme":{"secret":"${secret}"}}`,
    })
    expect(acme.wallet.providers).toEqual([{ id: 'acme', name: 'acme', secret }])
    for (const bad of [
      '{"Acme":{"secret":"acme-secret-0123456789"}}',
      '{"acme":{"secret":"short"}}',
      '{"acme":{"secret":"acme-secret-0123456789","extra":1}}',
      '{"acme":',
    ]) {
      expect(() => loadConfig({ WALLET_PROVIDERS: bad }), bad).toThrow(/WALLET_PROVIDERS/)
    }
    const leaked = `{"acme":{"secret":"${SANDBOX_WALLET_PROVIDER.secret}"}}`
    expect(() => loadConfig({ NODE_ENV: 'production', WALLET_PROVIDERS: leaked })).toThrow(
      /WALLET_PROVIDERS/,
    )
  })

  it('turns the live games test hooks on only when asked, and never in production', () => {
    expect(loadConfig({}).testHooks).toBe(false)
    expect(loadConfig({ TEST_HOOKS: 'true' }).testHooks).toBe(true)
    expect(() => loadConfig({ TEST_HOOKS: 'true', NODE_ENV: 'production' })).toThrow(/TEST_HOOKS/)
  })

  it('keeps the sandbox local unless asked, never in production, and warns about it', () => {
    expect(loadConfig({}).sandboxAllowRemote).toBe(false)
    expect(loadConfig({ SANDBOX_ALLOW_REMOTE: 'true' }).sandboxAllowRemote).toBe(true)
    expect(() => loadConfig({ SANDBOX_ALLOW_REMOTE: 'true', NODE_ENV: 'production' })).toThrow(
      /SANDBOX_ALLOW_REMOTE/,
    )
    expect(sandboxWarning(loadConfig({ NODE_ENV: 'production' }))).toBeNull()
    const local = sandboxWarning(loadConfig({}))!.join('\n')
    expect(local).toMatch(/SANDBOX MODE/)
    expect(local).toMatch(/this machine only/)
    expect(sandboxWarning(loadConfig({ SANDBOX_ALLOW_REMOTE: 'true' }))!.join('\n')).toMatch(
      /ANY client/,
    )
  })
  it('reads the rooms closed by the operator, and a countdown only for tests', () => {
    expect(loadConfig({}).rooms).toEqual({ closed: [], beaconUrl: null, countdownMs: null })
    expect(loadConfig({ ROOMS_CLOSED: 'red:USD, purple:EUR' }).rooms.closed).toEqual([
      'red:USD',
      'purple:EUR',
    ])
    expect(() => loadConfig({ ROOMS_CLOSED: 'green:USD' })).toThrow(/ROOMS_CLOSED/)
    expect(() => loadConfig({ ROOMS_COUNTDOWN_MS: '2000' })).toThrow(/TEST_HOOKS/)
    expect(loadConfig({ ROOMS_COUNTDOWN_MS: '2000', TEST_HOOKS: 'true' }).rooms.countdownMs).toBe(
      2000,
    )
  })
})
