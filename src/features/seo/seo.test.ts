import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../i18n/locales'
import { ROUTES } from '../../routes/table'
import { SITE_SEO, seoDoc, seoFor, seoManifest } from './seo'

const root = resolve(__dirname, '../../..')
const docs = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(readFileSync(join(root, 'locales', l, 'seo.json'), 'utf8')) as unknown,
  ]),
)

/** The routes issue 31 asks SEO texts for. */
const REQUIRED = [
  'home',
  'crash',
  'dice',
  'roulette',
  'keno',
  'cases',
  'bonuses',
  'faq',
  'vipClub',
  'welcomePack',
  'tournaments',
  'top',
  'policyKyc',
  'policyUserAgreementEn',
  'policyUserAgreementRu',
  'policyConfidential',
]

describe('SEO texts', () => {
  it('exist for the same routes in en, ru and kz, each a route of the table', () => {
    const ids = (l: string) => Object.keys(seoDoc.parse(docs[l])).sort()
    for (const l of LOCALES) expect(ids(l), l).toEqual(ids('en'))
    const routeIds = new Set(ROUTES.map((r) => r.id))
    for (const id of ids('en')) expect(id === SITE_SEO || routeIds.has(id), id).toBe(true)
    for (const id of REQUIRED) expect(ids('en')).toContain(id)
  })

  it('are written in each language, not copied from English, with short titles', () => {
    const en = seoDoc.parse(docs.en)
    for (const l of ['ru', 'kz']) {
      const doc = seoDoc.parse(docs[l])
      for (const [id, entry] of Object.entries(doc)) {
        expect(entry.text, `${l} ${id}`).not.toBe(en[id]?.text)
        expect(entry.description, `${l} ${id}`).not.toBe(en[id]?.description)
        // Cyrillic in every Russian and Kazakh text.
        expect(entry.text, `${l} ${id}`).toMatch(/[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/)
      }
    }
    for (const l of LOCALES) {
      for (const [id, entry] of Object.entries(seoDoc.parse(docs[l]))) {
        expect(entry.title.length, `${l} ${id}`).toBeLessThanOrEqual(70)
        expect(entry.description.length, `${l} ${id}`).toBeLessThanOrEqual(200)
      }
    }
  })

  it('gives a route its own entry per language, and none for a route without one', () => {
    const ru = seoDoc.parse(docs.ru)
    expect(seoFor(ru, 'crash')?.title).toMatch(/^Краш/)
    expect(seoFor(ru, 'profile')).toBeUndefined()
    expect(seoFor(ru, SITE_SEO)).toBeUndefined()
    expect(seoFor(undefined, 'crash')).toBeUndefined()
  })

  it('builds dist/seo.json by route path and locale, with the site entry for the rest', () => {
    const manifest = seoManifest(docs, ROUTES)
    expect(Object.keys(manifest.site).sort()).toEqual([...LOCALES].sort())
    expect(manifest.routes['/games/crash']?.kz?.title).toBe(seoDoc.parse(docs.kz).crash?.title)
    expect(manifest.routes['/policy/en/kyc']?.en?.title).toBe(
      seoDoc.parse(docs.en).policyKyc?.title,
    )
    expect(manifest.routes['/profile']).toBeUndefined()
    expect(() => seoManifest({ en: {} }, ROUTES)).toThrow(/site/)
  })
})
