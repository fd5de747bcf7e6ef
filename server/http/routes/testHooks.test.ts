import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Db } from '../../db/db'
import { processLocks } from '../../db/locks'
import { fakeScheduler } from '../../games/kit/scheduler'

/** The hook routes touch no database: an app over none (but the process's locks) is enough. */
const noDb = { sessionLocks: processLocks(new Map()) } as Partial<Db> as Db

async function app(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent', ...env })
  const built = await buildApp({ config, db: noDb, logger: false })
  await built.app.ready()
  return built
}

describe('test hook routes', () => {
  it('exist only with TEST_HOOKS=true', async () => {
    const { app: plain } = await app({})
    const reserve = await plain.inject({ method: 'POST', url: '/api/test-hooks/crash/reserve' })
    expect(reserve.statusCode).toBe(404)
    const kill = await plain.inject({
      method: 'POST',
      url: '/api/test-hooks/crash/kill',
      payload: { round: 1, event: 'crashed' },
    })
    expect(kill.statusCode).toBe(404)
    await plain.close()
  })

  it('reserve a round of a running game, release it once, and refuse bad input', async () => {
    const { app: hooked, services } = await app({ TEST_HOOKS: 'true' })
    const hooks = services.testHooks!
    const call = (url: string, body: unknown) =>
      hooked.inject({
        method: 'POST',
        url: `/api/test-hooks/crash/${url}`,
        payload: body as object,
      })
    // No game registered yet: nothing to reserve.
    expect((await call('reserve', {})).statusCode).toBe(404)
    hooks.register(
      'crash',
      { upcoming: () => [150, 420, 990].map((outcome, i) => ({ round: 7 + i, outcome })) },
      fakeScheduler(0),
    )
    const reserved = await call('reserve', { minOutcome: 300, holdNext: true })
    expect(reserved.statusCode).toBe(200)
    expect(reserved.json()).toEqual({ round: 8, outcome: 420 })
    expect((await call('reserve', { minOutcome: 'x' })).statusCode).toBe(422)
    expect((await call('release', { round: 8 })).json()).toEqual({ released: 8, point: 'start' })
    expect((await call('release', { round: 8 })).statusCode).toBe(404)
    expect((await call('release', { round: 8, point: 'next' })).statusCode).toBe(200)
    expect((await call('release', { round: 8, point: 'later' })).statusCode).toBe(422)
    // Only this machine may hold rounds: a held round delays every player's game.
    const remote = await hooked.inject({
      method: 'POST',
      url: '/api/test-hooks/crash/reserve',
      payload: {},
      remoteAddress: '203.0.113.7',
    })
    expect(remote.statusCode).toBe(403)
    await hooked.close()
  })

  it('arm a kill at an event of a running game only, from this machine only', async () => {
    const { app: hooked, services } = await app({ TEST_HOOKS: 'true' })
    const call = (body: unknown, remoteAddress?: string) =>
      hooked.inject({
        method: 'POST',
        url: '/api/test-hooks/crash/kill',
        payload: body as object,
        ...(remoteAddress ? { remoteAddress } : {}),
      })
    expect((await call({ round: 3, event: 'crashed' })).statusCode).toBe(404)
    services.testHooks!.register('crash', { upcoming: () => [] }, fakeScheduler(0))
    expect((await call({ round: 3, event: 'crashed' }, '203.0.113.7')).statusCode).toBe(403)
    expect((await call({ round: 3, event: 'crashed!' })).statusCode).toBe(422)
    const armed = await call({ round: 3, event: 'crashed' })
    expect(armed.json()).toEqual({ armed: { game: 'crash', round: 3, event: 'crashed' } })
    await hooked.close()
  })
})
