import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { faqDoc, policyDoc } from '../pages/contentSchemas'
import { PLAYABLE_GAMES } from '../pages/lobby/playableGames'
import { ROUTES } from '../routes/table'
import { LOCALES } from './locales'

const root = resolve(__dirname, '../..')
const localesDir = join(root, 'locales')

/**
 * Namespaces rendered whole with returnObjects (documents, not UI strings): their keys are never
 * written in the source, so the usage check skips them and the schema check below covers them.
 */
const DOCUMENT_NAMESPACES = ['policy', 'faq', 'seo']

/**
 * The API error catalogue (written with src/api): looked up as `error.{code}` from codes the
 * server sends, so no key is written in the source. Completeness is checked, usage is not, and
 * its texts may drop a placeholder on purpose (en shows the server's detail where ru and kz
 * have a fixed sentence).
 */
const CATALOGUE_NAMESPACES = ['errors']

/**
 * Keys reached only through a computed name: the pages, errors and modals look up their keys in
 * literal maps, and the route table's keys are collected from ROUTES below. Add a key here with
 * the reason when a computed lookup is unavoidable.
 *
 * - A game's own wording of a kit text (games/kit/ui/kitText.ts looks up `<game>:<path>` before
 *   `kit:<path>`). Crash keeps these auto-bet texts under its name, where its e2e specs read them.
 */
const DYNAMIC_KEYS: string[] = [
  'crash:autobet.invalidRounds',
  'crash:autobet.invalidStop',
  'crash:autobet.stopped.rounds',
  // Keno's wording of the kit's profit line (useKitText looks up `keno:` before `kit:`).
  'keno:instant.profitOnWin',
]

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function flatten(value: Json, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
  }
  return [prefix]
}

function namespaces(locale: string): string[] {
  return readdirSync(join(localesDir, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort()
}

function load(locale: string, ns: string): Json {
  return JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), 'utf8')) as Json
}

/**
 * A language's entries, plural forms included: every language has the same entries. A counted
 * phrase is written as a label and its count (`Gems on the board: 22`), which reads right in
 * every language without the forms one language needs and another lacks (Russian's few and many).
 */
function keysOf(locale: string): Set<string> {
  return new Set(
    namespaces(locale)
      .filter((ns) => !DOCUMENT_NAMESPACES.includes(ns))
      .flatMap((ns) => flatten(load(locale, ns)).map((k) => `${ns}:${k}`)),
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

// Games and the kit translate their own texts with literal keys, like the shell: their UIs
// (games/<id>/ui, games/kit/ui, games/kit/instant/ui, games/kit/stateful/ui) and the kit's seed
// pair dialog.
const gameUis = [
  ...readdirSync(join(root, 'games'), { withFileTypes: true }).map((entry) =>
    join(root, 'games', entry.name, 'ui'),
  ),
  join(root, 'games', 'kit', 'instant', 'ui'),
  join(root, 'games', 'kit', 'stateful', 'ui'),
  join(root, 'games', 'kit', 'seeds'),
].filter((dir) => existsSync(dir))
const source = [join(root, 'src'), ...gameUis]
  .flatMap((dir) => sourceFiles(dir))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n')
const keyPattern = new RegExp(`['"\`]((?:${namespaces('en').join('|')}):[A-Za-z0-9_.]+)['"\`]`, 'g')
const literalKeys = new Set([...source.matchAll(keyPattern)].map((m) => m[1] as string))
const tableKeys = [
  ...ROUTES.flatMap((r) => [r.titleKey, r.descriptionKey, r.metaKey]),
  // The lobby's blurb and call to action of each registered game (its name is its route's title).
  ...PLAYABLE_GAMES.flatMap((g) => [g.blurb, g.cta]),
].filter((k): k is string => k !== undefined)

describe('locales', () => {
  const english = keysOf('en')

  it('have the same namespace files in every language', () => {
    for (const locale of LOCALES) expect(namespaces(locale), locale).toEqual(namespaces('en'))
  })

  it('have every key in every language, and no extra ones', () => {
    for (const locale of LOCALES) {
      const keys = keysOf(locale)
      expect(
        [...english].filter((k) => !keys.has(k)),
        `missing in ${locale}`,
      ).toEqual([])
      expect(
        [...keys].filter((k) => !english.has(k)),
        `only in ${locale}`,
      ).toEqual([])
    }
  })

  it('have no empty strings and the same placeholders as English', () => {
    for (const locale of LOCALES) {
      const own = (n: string) =>
        !DOCUMENT_NAMESPACES.includes(n) && !CATALOGUE_NAMESPACES.includes(n)
      for (const ns of namespaces(locale).filter(own)) {
        const en = load('en', ns)
        const here = load(locale, ns)
        const get = (obj: Json, key: string) =>
          key.split('.').reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, obj)
        for (const key of flatten(here)) {
          const text = get(here, key)
          expect(typeof text === 'string' && text.trim().length > 0, `${locale} ${ns}:${key}`).toBe(
            true,
          )
          const vars = (s: Json) => [...String(s).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort()
          expect(vars(text), `${locale} ${ns}:${key}`).toEqual(vars(get(en, key)))
        }
      }
    }
  })

  it('are all used by the source', () => {
    const used = new Set([...literalKeys, ...tableKeys, ...DYNAMIC_KEYS])
    const unused = [...english].filter(
      (k) => !used.has(k) && !CATALOGUE_NAMESPACES.includes(k.split(':')[0] as string),
    )
    expect(unused).toEqual([])
  })

  it('contain every key the source names', () => {
    const named = [...literalKeys, ...tableKeys].filter(
      (k) => !DOCUMENT_NAMESPACES.includes(k.split(':')[0] as string),
    )
    expect(named.filter((k) => !english.has(k))).toEqual([])
  })

  it('hold policy and FAQ documents of the agreed shape in every language', () => {
    for (const locale of LOCALES) {
      const policy = load(locale, 'policy') as Record<string, Json>
      for (const doc of ['kyc', 'userAgreement', 'confidential']) {
        expect(policyDoc.safeParse(policy[doc]).success, `${locale} policy.${doc}`).toBe(true)
      }
      expect(faqDoc.safeParse(load(locale, 'faq')).success, `${locale} faq`).toBe(true)
    }
  })

  it('answer the same FAQ questions, in the same order, in every language', () => {
    const ids = (locale: string) => faqDoc.parse(load(locale, 'faq')).items.map((item) => item.id)
    expect(new Set(ids('en')).size).toBe(ids('en').length)
    for (const locale of LOCALES) expect(ids(locale), locale).toEqual(ids('en'))
  })
})
