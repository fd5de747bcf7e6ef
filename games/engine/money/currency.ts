/** The currencies of SPEC.md section 9 and their minor units. */
import { z } from 'zod/mini'

/** Every supported currency, default first. */
export const CURRENCIES = ['RUB', 'USD', 'KZT', 'INR', 'EUR'] as const
/** A supported currency (ISO 4217 code). */
export type Currency = (typeof CURRENCIES)[number]
/** The currency of a new account and of any amount whose currency is unknown (SPEC.md section 9). */
export const DEFAULT_CURRENCY: Currency = 'RUB'
/** A zod schema for a currency code on the wire. */
export const currencySchema = z.enum(CURRENCIES)

/** True when `code` is a supported currency. */
export function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code)
}

/**
 * Decimal places of each currency's minor unit. All five are 2, and that is deliberate:
 * - ISO 4217 gives exponent 2 to RUB (kopeck), USD and EUR (cent), KZT (tiyn) and INR (paisa), and
 *   Intl formats them with two decimals, so stored amounts and displayed amounts agree.
 * - SPEC.md section 9 needs cents for USD/EUR (bets from 0.01); KZT tiyn and INR paise are rare in
 *   cash but payment providers settle in them, so 2 keeps deposits and withdrawals lossless.
 * - One exponent keeps the wire uniform: the HTTP protocol divides every `Minor` by 100 to display.
 * The table still exists so a currency with another exponent (JPY 0, KWD 3) is a one-line change.
 */
export const MINOR_EXPONENT: Readonly<Record<Currency, number>> = {
  RUB: 2,
  USD: 2,
  KZT: 2,
  INR: 2,
  EUR: 2,
}

/** Minor units in one major unit of `currency` (100 for all five today). */
export function minorPerMajor(currency: Currency): number {
  return 10 ** MINOR_EXPONENT[currency]
}
