import { beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../support/endpoints'
import type { TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/**
 * Private answers, the sandbox's reach and stolen tokens (issue 24, items 7 to 9), run by
 * api.test.ts on each driver over one shared database.
 */
export function hardeningSuite(ctx: SuiteContext): void {
  describe('private answers, sandbox reach, stolen tokens', () => {
    let t: TestApp
    beforeAll(() => {
      ;({ t } = ctx)
    })

    it('answers every API call with Cache-Control: no-store, the client files as before', async () => {
      const { token } = await t.login()
      const profile = await t.call('GET', '/api/profile/user', { token })
      expect(profile.statusCode).toBe(200)
      expect(profile.headers['cache-control']).toBe('no-store')
      // Every signed-in read (found or not), and every refusal of a signed-in call.
      for (const e of endpoints.filter((x) => x.auth)) {
        if (e.method === 'GET') {
          const res = await t.call(e.method, e.path, { token })
          expect(res.headers['cache-control'], `${e.method} ${e.path}`).toBe('no-store')
        }
        const refused = await t.call(e.method, e.path, { body: e.body, headers: e.headers })
        expect(refused.statusCode).toBe(401)
        expect(refused.headers['cache-control'], `401 ${e.method} ${e.path}`).toBe('no-store')
      }
      expect((await t.call('GET', '/api/geo_ip')).headers['cache-control']).toBe('no-store')
      // The built client keeps its own caching (hashed files may be cached, index.html revalidated).
      expect((await t.call('GET', '/app.js')).headers['cache-control']).not.toBe('no-store')
    })
  })
}
