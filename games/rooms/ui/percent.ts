import { MONEY_NUMBER_LOCALE, type MoneyLocale } from '../../engine/money'

/**
 * A chance in percent (`chancePercent`'s hundredths) in the page's language, without the sign:
 * with money's number locale, so Kazakh reads as Russian does (see `MONEY_NUMBER_LOCALE`).
 */
export function formatPercent(percent: number, locale: MoneyLocale): string {
  return new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], { maximumFractionDigits: 2 }).format(
    percent,
  )
}
