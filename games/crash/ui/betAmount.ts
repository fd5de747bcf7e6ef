/**
 * The bet panel's arithmetic, pure: amount buttons within the currency's crash limits, and the
 * auto cash-out field read as hundredths.
 */
import {
  betLimits,
  parseMoney,
  toDecimalString,
  type Currency,
  type Minor,
} from '../../engine/money'
import { MAX_AUTO_CASHOUT, MIN_AUTO_CASHOUT, type Multiplier } from '../rules'

/** What the amount buttons do. */
export type AmountAction = 'half' | 'double' | 'min' | 'max'

/** The amount after a button press, always within the crash limits of `currency`. */
export function adjustAmount(
  amount: Minor | null,
  action: AmountAction,
  currency: Currency,
): Minor {
  const { min, max } = betLimits('crash', currency)
  const base = amount ?? min
  const next =
    action === 'min'
      ? min
      : action === 'max'
        ? max
        : action === 'half'
          ? Math.floor(base / 2)
          : base * 2
  return Math.min(max, Math.max(min, next)) as Minor
}

/** The typed amount in minor units, or null when it is not a valid crash bet in `currency`. */
export function readAmount(text: string, currency: Currency): Minor | null {
  const parsed = parseMoney(text, currency)
  if (!parsed.ok) return null
  const { min, max } = betLimits('crash', currency)
  return parsed.value >= min && parsed.value <= max ? parsed.value : null
}

/** An amount as the input shows it (`1.50`, `100.00`). */
export function amountText(amount: Minor, currency: Currency): string {
  return toDecimalString(amount, currency)
}

/**
 * The auto cash-out field: empty means none (`null`), a valid multiplier like `2` or `1,5` is
 * its hundredths, anything else (or outside 1.01x..10000x) is `invalid`.
 */
export function readAutoCashout(text: string): Multiplier | null | 'invalid' {
  const compact = text.trim().replace(',', '.').replace(/x$/i, '')
  if (compact === '') return null
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return 'invalid'
  const hundredths = Math.round(Number(compact) * 100)
  return hundredths >= MIN_AUTO_CASHOUT && hundredths <= MAX_AUTO_CASHOUT
    ? (hundredths as Multiplier)
    : 'invalid'
}
