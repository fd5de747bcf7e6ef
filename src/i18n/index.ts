import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, type Locale } from './locales'

type Bundle = Record<string, unknown>

/**
 * Every namespace file of every language, as lazy imports: Vite emits one chunk per file, so a
 * visitor downloads only the active language.
 */
const bundles = import.meta.glob<Bundle>('../../locales/*/*.json', { import: 'default' })

/** The namespaces that exist for a locale (file names under locales/<locale>/). */
export function namespacesOf(locale: Locale): string[] {
  return Object.keys(bundles)
    .map((file) => /\/locales\/([a-z]+)\/([A-Za-z0-9_-]+)\.json$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === locale)
    .map((m) => m[2] as string)
}

const loaded = new Set<Locale>()

/** Fetches every namespace of a locale into i18next once; later calls resolve at once. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return
  const files = Object.entries(bundles).filter(([file]) => file.includes(`/locales/${locale}/`))
  await Promise.all(
    files.map(async ([file, load]) => {
      const ns = /([A-Za-z0-9_-]+)\.json$/.exec(file)?.[1]
      if (!ns) return
      i18next.addResourceBundle(locale, ns, await load(), true, true)
    }),
  )
  loaded.add(locale)
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

export { DEFAULT_LOCALE }
