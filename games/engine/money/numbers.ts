/**
 * Numbers that are not money, in the player's language, as `formatMoney` shows money: a
 * multiplier (`2,00×` in Russian), a chance (`49,5 %`), a roll or any fixed-point figure
 * (`49,50`) and a count (`1 234`). The same number locales as money (`MONEY_NUMBER_LOCALE`:
 * Kazakh reads as Russian, for the reason given there), so a page's figures agree with its amounts.
 */
import { MONEY_NUMBER_LOCALE, type MoneyLocale } from './format'

// Each format is built once: results re-render often.
const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: MoneyLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], options)
    formats.set(key, format)
  }
  return format
}

/** `value` with exactly `digits` decimals: a roll `49.5` -> `49.50` (en), `49,50` (ru, kz). */
export function formatDecimal(value: number, locale: MoneyLocale, digits = 2): string {
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
}

/** A payout multiplier: `2` -> `2.00×` (en), `2,00×` (ru, kz). */
export function formatMultiplierText(value: number, locale: MoneyLocale, digits = 2): string {
  return `${formatDecimal(value, locale, digits)}×`
}

/**
 * A multiplier in ten-thousandths (the wire's integer: `19800` is 1.98×) as a player reads it,
 * floored to hundredths, never more than the bet pays: `11250` -> `1.12×`. The one format of the
 * live tables and every stateful game, so a bet never reads 1.12× in one place and 1.13× in
 * another.
 */
export function formatPaidMultiplier(tenThousandths: number, locale: MoneyLocale): string {
  return formatMultiplierText(Math.floor(tenThousandths / 100) / 100, locale)
}

/** A chance in percent, up to two decimals: `49.5` -> `49.5%` (en), `49,5 %` (ru, kz). */
export function formatChance(percent: number, locale: MoneyLocale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100)
}

/** A whole count: `1234` -> `1,234` (en), `1 234` (ru, kz, a no-break space). */
export function formatCount(count: number, locale: MoneyLocale): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count)
}

/** The decimal sign of `locale`'s numbers: `.` (en), `,` (ru, kz); for text a canvas draws. */
export function decimalSign(locale: MoneyLocale): string {
  const parts = numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5)
  return parts.find((part) => part.type === 'decimal')?.value ?? '.'
}

/**
 * A fixed-point text (`49.50`, as `toDecimalString` and `toFixed` write) as an input shows it in
 * `locale`: `49.50` (en), `49,50` (ru, kz). No digit grouping, so the field reads back what it
 * shows; the fields read a comma and a dot alike, whatever the language.
 */
export function inputDecimal(fixed: string, locale: MoneyLocale): string {
  return fixed.replace('.', decimalSign(locale))
}
