import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROUTES, type RouteEntry } from '../../../src/routes/table'

/** The three interface languages, their URL prefixes and `<html lang>` values. */
export const LOCALES = [
  { code: 'en', prefix: '', htmlLang: 'en' },
  { code: 'ru', prefix: '/ru', htmlLang: 'ru' },
  { code: 'kz', prefix: '/kz', htmlLang: 'kk' },
] as const
export type LocaleCase = (typeof LOCALES)[number]

type Json = string | Json[] | { [key: string]: Json }
const cache = new Map<string, Json>()

/** Looks a key up in locales/<locale>/<ns>.json: `t('kz', 'pages:crash.title')`. */
export function t(locale: string, key: string, vars: Record<string, string> = {}): string {
  const [ns, path] = key.split(':') as [string, string]
  const file = join(process.cwd(), 'locales', locale, `${ns}.json`)
  let doc = cache.get(file)
  if (!doc) {
    doc = JSON.parse(readFileSync(file, 'utf8')) as Json
    cache.set(file, doc)
  }
  const value = path.split('.').reduce<Json | undefined>((node, part) => {
    return node && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined
  }, doc)
  if (typeof value !== 'string') throw new Error(`[e2e] no text for ${locale} ${key}`)
  return value.replace(/{{(\w+)}}/g, (_, name: string) => vars[name] ?? '')
}

/** Sample values that pass each param's validation. */
export const SAMPLE_PARAMS: Record<string, string> = {
  token: 'AbCdEf0123456789_-xyz',
  status: 'upcoming',
  id: '42',
  slug: 'golden-case',
  slots: 'book-of-dead',
}

/** A route's path with sample params filled in. */
export function samplePath(entry: RouteEntry): string {
  return entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? name)
}

/** The <h1> a route shows in a locale (the /error page without a code shows the generic title). */
export function expectedHeading(entry: RouteEntry, locale: string): string {
  if (entry.page === 'error') return t(locale, 'errorPages:code.generic.title')
  return t(locale, entry.titleKey)
}

export { ROUTES }
