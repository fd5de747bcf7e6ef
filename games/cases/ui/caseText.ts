/**
 * Small helpers of the case pages: a name in the player's language, and the moment a spin's
 * result may be told (when its strip has stopped), so the page never tells it before the scene.
 */
import { useEffect, useState } from 'react'
import { MONEY_NUMBER_LOCALE, type MoneyLocale } from '../../engine/money'
import type { CaseText } from '../rules'

/** `text` in `language` (`en`, `ru`, `kz`), English for any other. */
export function textIn(text: CaseText, language: string): string {
  return language === 'ru' || language === 'kz' ? text[language] : text.en
}

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * True once the spin `spinId` has run `ms` (at once for none, for 0 ms or under reduced motion,
 * as the scene rests at once then too).
 */
export function useReveal(spinId: string | null, ms: number): boolean {
  const [revealed, setRevealed] = useState<string | null>(null)
  const now = spinId === null || ms <= 0 || reducedMotion()
  useEffect(() => {
    if (now || spinId === null) return
    const timer = setTimeout(() => setRevealed(spinId), ms)
    return () => clearTimeout(timer)
  }, [spinId, ms, now])
  return now || revealed === spinId
}

/**
 * A number with exactly `digits` decimals in the player's language (`92.60` in English, `92,60`
 * in Russian and Kazakh), with the number conventions money uses there.
 */
export function formatDecimal(value: number, digits: number, locale: MoneyLocale): string {
  return new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
}
