import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seoManifest, type SeoDoc } from '../../src/features/seo/seo'
import { LOCALES } from '../../src/i18n/locales'
import { routeManifest, ROUTES } from '../../src/routes/table'
import { openTestPglite } from '../../server/db/testDatabases'
import type { Db } from '../../server/db/db'
import { DIST_PREFIX, startTestApp, type TestApp } from './support/harness'

const root = resolve(__dirname, '../..')
const docs: Record<string, SeoDoc> = {}

/**
 * The SEO texts of locales/<locale>/seo.json in the HTML the server sends (server/http/seo.ts):
 * a build's route table and seo.json, as vite.config.ts writes them, served per path and prefix.
 */
describe('SEO in the served page', () => {
  let db: Db
  let t: TestApp

  beforeAll(async () => {
    for (const l of LOCALES) {
      docs[l] = JSON.parse(await readFile(join(root, 'locales', l, 'seo.json'), 'utf8')) as SeoDoc
    }
    const dist = await mkdtemp(join(tmpdir(), DIST_PREFIX))
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
    )
    await writeFile(join(dist, 'routes.json'), JSON.stringify(routeManifest()))
    await writeFile(join(dist, 'seo.json'), JSON.stringify(seoManifest(docs, ROUTES)))
    db = await openTestPglite()
    t = await startTestApp(db, { DIST_DIR: dist })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await db?.close()
  })

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.call('GET', path, { headers })
    expect(res.statusCode, path).toBe(200)
    return res.body
  }
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

  it("writes the route's title, description, keywords and text in the prefix's language", async () => {
    for (const [path, locale, id] of [
      ['/games/crash', 'en', 'crash'],
      ['/ru/games/crash', 'ru', 'crash'],
      ['/kz/faq', 'kz', 'faq'],
      ['/ru/policy/en/kyc', 'ru', 'policyKyc'],
      ['/kz', 'kz', 'home'],
    ] as const) {
      const html = await page(path)
      const seo = docs[locale]![id]!
      expect(html, path).toContain(`<title>${esc(seo.title)}</title>`)
      expect(html).toContain(`<meta name="description" content="${esc(seo.description)}">`)
      expect(html).toContain(`<meta name="keywords" content="${esc(seo.keywords)}">`)
      expect(html).toContain(`<noscript><article id="seo-text"><h1>${esc(seo.title)}</h1>`)
      expect(html).toContain(`<p>${esc(seo.text)}</p>`)
      expect(html).toMatch(new RegExp(`<html [^>]*lang="${locale === 'kz' ? 'kk' : locale}"`))
      expect(html.match(/<title>/g)).toHaveLength(1)
    }
  })

  it('gives a route without texts of its own the site entry, and follows the locale cookie', async () => {
    const html = await page('/profile', { cookie: 'locale=ru' })
    expect(html).toContain(`<title>${esc(docs.ru!.site!.title)}</title>`)
    expect(html).toMatch(/<html [^>]*lang="ru"/)
  })
})
