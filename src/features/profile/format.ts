/** Showing times and devices on the profile pages. */
import { LOCALE_TAGS, type Locale } from '../../i18n/locales'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * An ISO instant as a date and time for `locale`, in the player's saved time zone when it is a
 * valid one (else the browser's). Formats are built once per locale and zone.
 */
export function formatDateTime(iso: string, locale: Locale, timeZone: string | null): string {
  const key = `${locale}|${timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = dateTimeFormat(locale, timeZone ?? undefined)
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}

function dateTimeFormat(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const tag = LOCALE_TAGS[locale]
  const build = (t: string, options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(t, { ...options, timeZone })
    } catch {
      // A zone this browser does not know: the local time is better than nothing.
      return new Intl.DateTimeFormat(t, options)
    }
  }
  const named = build(tag, { dateStyle: 'medium', timeStyle: 'short' })
  // Chromium resolves kk but ships no Kazakh month names ("2026 M11 22"); Kazakhstan's everyday
  // numeric form (22.11.2026, 06:07) reads better than that.
  const month = new Intl.DateTimeFormat(tag, { month: 'long' }).format(
    new Date(Date.UTC(2026, 10, 15)),
  )
  if (!/^M\d{1,2}$/.test(month)) return named
  return build('ru-KZ', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/YaBrowser\//, 'Yandex Browser'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/**
 * A user agent as a player recognises it: "Chrome, Linux". Product names are not translated;
 * null when nothing is known (the page then shows its "unknown device" text).
 */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null
  const browser = BROWSERS.find(([re]) => re.test(agent))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(agent))?.[1]
  const parts = [browser, system].filter((p): p is string => p !== undefined)
  return parts.length > 0 ? parts.join(', ') : null
}

/** Up to two initials of a name or an e-mail's local part, for an avatar without a picture. */
export function initialsOf(name: string | null, email: string | null): string {
  const source = name?.trim() || email?.split('@')[0] || ''
  const words = source.split(/[\s._-]+/).filter(Boolean)
  const letters = words.slice(0, 2).map((w) => [...w][0]?.toUpperCase() ?? '')
  return letters.join('') || '?'
}
