import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES } from '../../../server/http/compression'
import { DIST_PREFIX, startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`
const STYLE = `.a { color: red }\n`.repeat(200)

/**
 * A built client as the build writes it: hashed assets beside their brotli and gzip copies (the
 * copies' bytes differ from a plain compression of the original, so a test tells which was sent).
 */
async function builtDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), DIST_PREFIX))
  await mkdir(join(dir, 'assets'))
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    'assets/index-AbC123.js': SCRIPT,
    'assets/index-AbC123.css': STYLE,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    'routes.json': JSON.stringify({
      patterns: [{ path: '/' }, { path: '/faq' }],
      locales: ['ru', 'kz'],
    }),
    'preload.json': JSON.stringify({
      default: 'en',
      locales: { en: '/assets/locale-en-1.js', ru: '/assets/locale-ru-2.js' },
    }),
  }
  for (const [name, body] of Object.entries(files)) {
    await writeFile(join(dir, name), body)
    if (name.startsWith('assets/')) {
      await writeFile(join(dir, `${name}.br`), brotliCompressSync(body))
      await writeFile(join(dir, `${name}.gz`), gzipSync(body))
    }
  }
  return dir
}

/** Static delivery and compression, run by api.test.ts on each driver. */
export function deliverySuite(ctx: SuiteContext): void {
  describe('static delivery and compression', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(ctx.db, { DIST_DIR: await builtDist() })
    })
    afterAll(() => t.close())

    it('serves scripts and styles as built with brotli or gzip, cached a year as immutable', async () => {
      for (const [path, body, type] of [
        ['/assets/index-AbC123.js', SCRIPT, /javascript/],
        ['/assets/index-AbC123.css', STYLE, /^text\/css/],
      ] as const) {
        const br = await t.call('GET', path, {
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        })
        expect(br.statusCode, path).toBe(200)
        expect(br.headers['content-encoding'], path).toBe('br')
        expect(br.headers['content-type'], path).toMatch(type)
        expect(br.headers['vary'], path).toMatch(/accept-encoding/i)
        expect(br.headers['cache-control'], path).toBe('public, max-age=31536000, immutable')
        expect(brotliDecompressSync(br.rawPayload).toString(), path).toBe(body)

        const gz = await t.call('GET', path, { headers: { 'accept-encoding': 'gzip' } })
        expect(gz.headers['content-encoding'], path).toBe('gzip')
        expect(gz.headers['vary'], path).toMatch(/accept-encoding/i)
        expect(gunzipSync(gz.rawPayload).toString(), path).toBe(body)

        const plain = await t.call('GET', path, { headers: { 'accept-encoding': 'identity' } })
        expect(plain.headers['content-encoding'], path).toBeUndefined()
        expect(plain.headers['vary'], path).toMatch(/accept-encoding/i)
        expect(plain.body, path).toBe(body)

        // A revalidation of the same bytes costs no body.
        const again = await t.call('GET', path, {
          headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) },
        })
        expect(again.statusCode, path).toBe(304)
      }
    })

    it('revalidates index.html and files without a hash, and marks the page with the mode and config', async () => {
      const page = await t.call('GET', '/')
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.body).toContain('<html data-mode="sandbox" lang="en">')
      // GET /config's answer rides in the page, so the client does not ask for it.
      const served = /<script type="application\/json" id="client-config">(.*?)<\/script>/.exec(
        page.body,
      )?.[1]
      expect(JSON.parse(served ?? 'null')).toEqual((await t.call('GET', '/api/config')).json())
      const preload = (html: string) =>
        /rel="modulepreload" crossorigin href="([^"]+)"/.exec(html)?.[1]
      expect(preload(page.body)).toBe('/assets/locale-en-1.js')
      expect(page.headers['vary']).toMatch(/cookie.*accept-language/i)
      expect(preload((await t.call('GET', '/ru/faq')).body)).toBe('/assets/locale-ru-2.js')
      const cookie = await t.call('GET', '/faq', { headers: { cookie: 'locale=ru' } })
      expect(preload(cookie.body)).toBe('/assets/locale-ru-2.js')
      // No chunk for kz in this build: the default's is named rather than none.
      const kz = await t.call('GET', '/faq', { headers: { 'accept-language': 'kk-KZ' } })
      expect(preload(kz.body)).toBe('/assets/locale-en-1.js')
      expect((await t.call('GET', '/favicon.svg')).headers['cache-control']).toBe('no-cache')
      const prod = await startTestApp(ctx.db, {
        DIST_DIR: await builtDist(),
        TESSERA_MODE: 'production',
      })
      try {
        expect((await prod.call('GET', '/')).body).toContain('<html data-mode="production"')
      } finally {
        await prod.close()
      }
    })

    it('answers an unknown path with the not-found page and a missing asset with a bare 404', async () => {
      for (const path of ['/nope', '/nope.js', '/faq/x', '/index.html/x']) {
        const res = await t.call('GET', path, { headers: { 'accept-encoding': 'identity' } })
        expect(res.statusCode, path).toBe(404)
        expect(res.body, path).toContain('<div id="root">')
      }
      const stale = await t.call('GET', '/assets/index-Old999.js', {
        headers: { 'accept-encoding': 'br' },
      })
      expect(stale.statusCode).toBe(404)
      expect(stale.headers['content-type']).toMatch(/^text\/plain/)
      expect((await t.call('GET', '/index.html')).statusCode).toBe(200)
      expect((await t.call('GET', '/faq')).statusCode).toBe(200)
    })

    it(`compresses JSON answers from ${COMPRESS_THRESHOLD_BYTES} bytes, and not smaller ones`, async () => {
      // Each session is a row of the sessions list: a few log-ins make it larger than the threshold.
      let token = ''
      for (let i = 0; i < 8; i++) token = (await t.login()).token
      const big = await t.call('GET', '/api/profile/sessions', {
        token,
        headers: { 'accept-encoding': 'gzip, br' },
      })
      expect(big.statusCode).toBe(200)
      expect(big.headers['content-encoding']).toBe('br')
      expect(big.headers['vary']).toMatch(/accept-encoding/i)
      const json = brotliDecompressSync(big.rawPayload).toString()
      expect(Buffer.byteLength(json)).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES)
      expect(JSON.parse(json)).toMatchObject({ data: expect.any(Array) })

      const gz = await t.call('GET', '/api/profile/sessions', {
        token,
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(json))

      const small = await t.call('GET', '/api/geo_ip', { headers: { 'accept-encoding': 'br' } })
      expect(Buffer.byteLength(small.body)).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
      expect(small.headers['content-encoding']).toBeUndefined()
    })
  })
}
