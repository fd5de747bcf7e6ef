/** Showing amounts to players and reading the amounts they type. */
import { MINOR_EXPONENT, type Currency } from './currency'
import { type Minor, type Result } from './minor'

/** Interface languages (SPEC.md section 1). */
export type MoneyLocale = 'en' | 'ru' | 'kz'

/**
 * The locale whose number conventions format money for each interface language (kz is Kazakh,
 * BCP 47 `kk-KZ`, SPEC.md section 3). Kazakh amounts read as Russian ones do (`1 234,50 ₸`:
 * no-break-space groups, decimal comma, symbol after), but they are formatted with `ru-RU`, not
 * `kk-KZ`: Chromium's trimmed ICU data (icudtl.dat) lists
 * `kk` yet has no Kazakh number or currency data, so `kk-KZ` falls back to the root pattern there
 * (`₸ 1,234.50`) while Node's full ICU formats it like Russian. `ru-RU` is complete in both, so
 * the text is the same in the browser, in Node and in tests (money.test.ts, tests/e2e).
 */
export const MONEY_NUMBER_LOCALE: Readonly<Record<MoneyLocale, string>> = {
  en: 'en-US',
  ru: 'ru-RU',
  kz: 'ru-RU',
}

/**
 * `amount` as exact decimal text with a dot, `12345` RUB -> `"123.45"`, `-5` -> `"-0.05"`. Used for
 * input fields and logs, and fed to Intl so no float ever stands in for the amount.
 */
export function toDecimalString(amount: Minor, currency: Currency): string {
  const exponent = MINOR_EXPONENT[currency]
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  return `${amount < 0 ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** Drop `.00` from whole amounts (`50 000 ₽` on a limits hint); kept by default for balances. */
  readonly trimWhole?: boolean
}

// Intl.NumberFormat is costly to build and balances re-render often, so each one is made once.
const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(currency: Currency, locale: MoneyLocale, trimWhole: boolean) {
  const key = `${locale}|${currency}|${trimWhole}`
  let format = formats.get(key)
  if (!format) {
    const exponent = MINOR_EXPONENT[currency]
    format = new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], {
      style: 'currency',
      currency,
      // narrowSymbol: ₽ and ₸ rather than "RUB"/"KZT" where a locale has no symbol of its own.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      trailingZeroDisplay: trimWhole ? 'stripIfInteger' : 'auto',
    })
    formats.set(key, format)
  }
  return format
}

/**
 * `amount` of `currency` for a player reading `locale`: `₽1,234.50` (en), `1 234,50 ₽` (ru),
 * `1 234,50 ₸` (kz). Formats the exact decimal string, never `amount / 100`.
 */
export function formatMoney(
  amount: Minor,
  currency: Currency,
  locale: MoneyLocale,
  options: FormatMoneyOptions = {},
): string {
  const decimal = toDecimalString(amount, currency) as `${number}`
  return numberFormat(currency, locale, options.trimWhole ?? false).format(decimal)
}

/** Why typed text is not an amount. */
export type ParseMoneyError = 'empty' | 'invalid' | 'negative' | 'too_many_decimals' | 'too_large'

// Spaces a player or a formatted paste may use to group digits: space, no-break, thin, narrow.
const GROUP_SPACES = /[\s\u00a0\u2009\u202f]/g

/**
 * Reads an amount typed by a player: digits, an optional decimal separator that may be a comma or
 * a dot (ru and kz keyboards type a comma), spaces between digit groups allowed. Only one
 * separator is accepted, so `1,234.50` is refused as `invalid` rather than guessed, and `1,000`
 * is `too_many_decimals` rather than silently read as 1.00 or 1000.
 */
export function parseMoney(text: string, currency: Currency): Result<Minor, ParseMoneyError> {
  const compact = text.replace(GROUP_SPACES, '')
  if (compact === '') return { ok: false, error: 'empty' }
  if (/^[-\u2212]/.test(compact)) return { ok: false, error: 'negative' }
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(compact)
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || whole + fraction === '') return { ok: false, error: 'invalid' }
  const exponent = MINOR_EXPONENT[currency]
  if (fraction.length > exponent) return { ok: false, error: 'too_many_decimals' }
  const digits = (whole + fraction.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '')
  // Compare as text first: parseInt of a long digit string would already have rounded.
  if (digits.length > 16) return { ok: false, error: 'too_large' }
  const value = Number(digits)
  if (!Number.isSafeInteger(value)) return { ok: false, error: 'too_large' }
  return { ok: true, value: value as Minor }
}
