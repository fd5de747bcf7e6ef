import i18next from 'i18next'
import { useEffect, useState } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
import { DEFAULT_LOCALE, ON_DEMAND_NAMESPACES, type Locale } from './locales'
import { applyPluralLanguages } from './plurals'

type Bundle = Record<string, unknown>

type Loaders = Record<string, () => Promise<Bundle>>

/**
 * Each language's namespace files, as lazy imports: Vite emits one chunk per file, so a visitor
 * downloads only the active language. The table of a language's files lives in that language's
 * chunk (scripts/vite/chunks.ts), which the first page fetches anyway: the entry names three
 * tables, not a loader for every file of every language.
 */
const languages: Record<Locale, () => Promise<{ default: Loaders }>> = {
  en: () => import('./bundles/en'),
  ru: () => import('./bundles/ru'),
  kz: () => import('./bundles/kz'),
}

const tables = new Map<Locale, Promise<Loaders>>()

function filesOf(locale: Locale): Promise<Loaders> {
  let table = tables.get(locale)
  if (!table) {
    table = languages[locale]().then((m) => m.default)
    tables.set(locale, table)
  }
  return table
}

const nameOf = (file: string) => /\/([A-Za-z0-9_-]+)\.json$/.exec(file)?.[1]

/** The namespaces that exist for a locale (file names under locales/<locale>/). */
export async function namespacesOf(locale: Locale): Promise<string[]> {
  return Object.keys(await filesOf(locale)).flatMap((file) => nameOf(file) ?? [])
}

/** On-demand namespaces some page has asked for; a language switch loads them in the new locale. */
const requested = new Set<string>()
const loaded = new Set<string>()

async function loadBundle(locale: Locale, ns: string): Promise<void> {
  const key = `${locale}/${ns}`
  if (loaded.has(key)) return
  const load = Object.entries(await filesOf(locale)).find(([file]) => nameOf(file) === ns)?.[1]
  if (!load) return
  i18next.addResourceBundle(locale, ns, await load(), true, true)
  loaded.add(key)
}

/**
 * Fetches a locale's namespaces into i18next: every namespace except the on-demand ones, plus
 * the on-demand ones already asked for. Later calls load only what is missing.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  const wanted = (await namespacesOf(locale)).filter(
    (ns) => !ON_DEMAND_NAMESPACES.includes(ns) || requested.has(ns),
  )
  await Promise.all(wanted.map((ns) => loadBundle(locale, ns)))
}

/**
 * Loads on-demand namespaces in the current language (and, from then on, in every language the
 * player switches to). Resolves once their texts are in i18next.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  for (const ns of namespaces) requested.add(ns)
  const locale = (i18next.language || DEFAULT_LOCALE) as Locale
  await Promise.all(namespaces.map((ns) => loadBundle(locale, ns)))
}

/**
 * For a page that reads on-demand namespaces: starts loading them and re-renders when they are
 * in. Returns true once every one is loaded in the current language.
 */
export function useNamespaces(namespaces: readonly string[]): boolean {
  const { i18n } = useTranslation()
  const language = i18n.language
  const isReady = () => namespaces.every((ns) => i18n.hasResourceBundle(language, ns))
  const [, setVersion] = useState(0)
  const ready = isReady()
  const key = namespaces.join(',')
  useEffect(() => {
    if (ready) return
    let live = true
    void loadNamespaces(key.split(',')).then(() => {
      if (live) setVersion((v) => v + 1)
    })
    return () => {
      live = false
    }
  }, [key, language, ready])
  return ready
}

/** Starts i18next in the given locale, its resources loaded first so nothing renders as keys. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: ['en', 'ru', 'kz'],
      defaultNS: 'common',
      ns: [],
      resources: {},
      // React escapes already; double escaping would show &amp; in texts.
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    applyPluralLanguages(i18next)
  }
  await loadLocale(locale)
  await i18next.changeLanguage(locale)
  return i18next
}

/** Switches the interface language, loading its texts first. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale)
  if (i18next.language !== locale) await i18next.changeLanguage(locale)
}

export { DEFAULT_LOCALE, ON_DEMAND_NAMESPACES }
