/**
 * Plural rules per interface language. i18next picks plural forms with `Intl.PluralRules` on the
 * language code, and the app's code for Kazakh is `kz` (SPEC.md section 3), which is no language
 * to Intl: it silently falls back to the runtime's default locale (English in most browsers), so
 * Kazakh texts would follow English plural rules. Kazakh's ISO code is `kk`.
 */
import type { i18n as I18n } from 'i18next'

/** The language whose plural rules each app language code follows, where the two differ. */
export const PLURAL_LANGUAGE: Readonly<Record<string, string>> = { kz: 'kk' }

interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined
}

const patched = new WeakSet<object>()

/** Makes `i18n` choose plural forms under `kz` by Kazakh (`kk`) rules; once per instance. */
export function applyPluralLanguages(i18n: I18n): void {
  const resolver = i18n.services.pluralResolver as PluralResolver | undefined
  if (!resolver || patched.has(resolver)) return
  patched.add(resolver)
  const getRule = resolver.getRule.bind(resolver)
  resolver.getRule = (code, options) => getRule(PLURAL_LANGUAGE[code] ?? code, options)
}
