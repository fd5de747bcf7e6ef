/**
 * The interface languages and how each appears in URLs and in `<html lang>`. Pure data, shared by
 * the router rewrite, the locale decision and the i18n loader.
 */
import { GAME_IDS } from '../../games/registry'

export const LOCALES = ['en', 'ru', 'kz'] as const

/** An interface language: also the name of its folder under `locales/`. */
export type Locale = (typeof LOCALES)[number]

/** The language used when nothing else decides. */
export const DEFAULT_LOCALE: Locale = 'en'

/** Locales that live under a path prefix (`/ru/bonuses`); the default has none. */
export const PREFIXED_LOCALES = ['ru', 'kz'] as const satisfies readonly Locale[]

/** BCP 47 tag per locale: `kz` is the product's name for Kazakh, whose ISO code is `kk`. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', kz: 'kk-KZ' }

/** Value of `<html lang>` per locale. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', ru: 'ru', kz: 'kk' }

/**
 * Namespaces that only one page or game reads (`kit`: the texts every game page shares), and that are large: they load when that page asks
 * (`useNamespaces`), not at start, so the lobby's first load stays small
 * (`npm run bench -- bundle`). Every other namespace is small and loads with the locale, all of
 * a locale's in one chunk (scripts/vite/chunks.ts).
 */
export const ON_DEMAND_NAMESPACES: readonly string[] = [
  'policy',
  'faq',
  // Each game's own texts (locales/<locale>/<id>.json), one namespace per game of the registry.
  ...GAME_IDS,
  'kit',
  // SEO texts (src/features/seo): the first page's come in the served HTML.
  'seo',
  // The cookie banner's texts, loaded with its code (src/features/consent/ConsentGate.tsx).
  'consent',
  // The support chat's texts, loaded with its code (src/features/support/start.ts).
  'supportChat',
]

/** Narrows an arbitrary string to a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * Maps a language tag from any source (a user profile, a cookie, `navigator.languages`) to a
 * supported locale, or null. Accepts both `kz` (the product's name) and `kk` (ISO) for Kazakh.
 */
export function normalizeLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
  if (primary === 'kk') return 'kz'
  return isLocale(primary) ? primary : null
}
