import { useRouter, useRouterState } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { LOCALES, HTML_LANG, type Locale } from '../i18n/locales'
import { hrefInLocale, switchLocale } from '../features/locale/controller'

/** Each language is named in itself in every locale file, so a reader finds theirs whatever the current one is. */
const NAMES: Record<Locale, { short: string; full: string }> = {
  en: { short: 'common:language.short.en', full: 'common:language.name.en' },
  ru: { short: 'common:language.short.ru', full: 'common:language.name.ru' },
  kz: { short: 'common:language.short.kz', full: 'common:language.name.kz' },
}

/**
 * Links to the current page in each language. Real hrefs (crawlable, open in a new tab); a plain
 * click loads the texts first, sets the cookie and navigates in place.
 */
export function LanguageSwitch({ place = 'header' }: { place?: 'header' | 'footer' | 'page' }) {
  const { t, i18n } = useTranslation()
  const router = useRouter()
  // Re-render on every navigation so the hrefs follow the current page.
  useRouterState({ select: (s) => s.location.href })
  const active = i18n.language as Locale
  return (
    <nav
      className={`lang-switch lang-switch--${place}`}
      aria-label={t(place === 'footer' ? 'common:language.labelFooter' : 'common:language.label')}
    >
      {LOCALES.map((locale) => (
        <a
          key={locale}
          href={hrefInLocale(router, locale)}
          hrefLang={HTML_LANG[locale]}
          lang={HTML_LANG[locale]}
          aria-current={locale === active ? 'true' : undefined}
          // The name starts with what is shown (WCAG 2.5.3): "EN (English)", never "English"
          // alone. A label, not hidden text, so an English page loads no Cyrillic font for it.
          aria-label={t('common:language.link', {
            short: t(NAMES[locale].short),
            name: t(NAMES[locale].full),
          })}
          data-testid={`${place}.language-${locale}`}
          className="lang-switch__link"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
            event.preventDefault()
            if (locale !== active) void switchLocale(router, locale)
          }}
        >
          {t(NAMES[locale].short)}
        </a>
      ))}
    </nav>
  )
}
