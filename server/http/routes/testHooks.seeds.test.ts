import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashServerSeed } from '../../../games/engine/fairness'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Db } from '../../db/db'
import { openTestPglite } from '../../db/testDatabases'
import { instantPlayer } from '../../games/kit/instant/testing'

const SEED = 'c0ffee'.padEnd(64, '0')
let db: Db

beforeAll(async () => {
  db = await openTestPglite()
}, 60_000)
afterAll(() => db.close())

async function app(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent', ...env })
  const built = await buildApp({ config, db, logger: false })
  await built.app.ready()
  return built
}

describe('test hook: the next server seed', () => {
  it('sets the signed-in player’s next seed; the next rotation makes it active at nonce 0', async () => {
    const { app: hooked, services } = await app({ TEST_HOOKS: 'true' })
    const { token } = await instantPlayer(services, 0)
    const call = (url: string, payload: object, headers: Record<string, string> = {}) =>
      hooked.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, ...headers },
      })
    const set = await call('/api/test-hooks/seeds/next', { serverSeed: SEED })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toEqual({ nextServerSeedHash: hashServerSeed(SEED) })
    const rotated = await call('/api/games/seeds/rotate', { client_seed: 'e2e' })
    expect(rotated.statusCode, rotated.body).toBe(200)
    expect(rotated.json().active).toMatchObject({
      server_seed_hash: hashServerSeed(SEED),
      client_seed: 'e2e',
      nonce: 0,
    })
    // Only a real seed's shape, only a signed-in player, only from this machine.
    expect((await call('/api/test-hooks/seeds/next', { serverSeed: 'x' })).statusCode).toBe(422)
    const anonymous = await hooked.inject({
      method: 'POST',
      url: '/api/test-hooks/seeds/next',
      payload: { serverSeed: SEED },
    })
    expect(anonymous.statusCode).toBe(401)
    const remote = await hooked.inject({
      method: 'POST',
      url: '/api/test-hooks/seeds/next',
      payload: { serverSeed: SEED },
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '203.0.113.7',
    })
    expect(remote.statusCode).toBe(403)
    await hooked.close()
  })

  it('does not exist without TEST_HOOKS=true', async () => {
    const { app: plain, services } = await app({})
    const { token } = await instantPlayer(services, 0)
    const response = await plain.inject({
      method: 'POST',
      url: '/api/test-hooks/seeds/next',
      payload: { serverSeed: SEED },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(404)
    await plain.close()
  })
})
