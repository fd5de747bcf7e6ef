/**
 * The deposit amount rules of the PayIn flow, pure: a method's limits (SPEC.md section 5
 * defaults when it gives none), its presets (section 9), and reading the amount a player types.
 * Money stays integer minor units; text is only what the input shows.
 */
import { minorPerMajor, parseMoney, toDecimalString, type Result } from '../../games/engine/money'
import {
  DEFAULT_DEPOSIT_LIMITS_MAJOR,
  depositPresets,
  type Currency,
  type Minor,
  type ReceivedPaymentMethod,
} from '../../contract'

/** The smallest and largest deposit a method accepts, in minor units. */
export interface DepositLimits {
  readonly min: Minor
  readonly max: Minor
}

/** A method's limits; 100 and 300 000 major units of its currency when it gives none. */
export function depositLimits(method: ReceivedPaymentMethod): DepositLimits {
  const perMajor = minorPerMajor(method.value.currency)
  const min = (method.min_amount ?? DEFAULT_DEPOSIT_LIMITS_MAJOR.min * perMajor) as Minor
  const max = (method.max_amount ?? DEFAULT_DEPOSIT_LIMITS_MAJOR.max * perMajor) as Minor
  // A backend sending a maximum below the minimum has no valid amount but the minimum.
  return { min, max: Math.max(min, max) as Minor }
}

/**
 * The amounts offered as one-tap choices: the method's own presets that fall within its limits,
 * or, when it sends none that do, five computed by the rule of SPEC.md section 9 (the same rule
 * the reference server applies, so both agree).
 */
export function presetsFor(method: ReceivedPaymentMethod): Minor[] {
  const { min, max } = depositLimits(method)
  const own = method.preset.amounts.filter((a) => a >= min && a <= max)
  return own.length > 0 ? own : depositPresets(min, max)
}

/** The amount the form starts with: the method's default preset if valid, else a middle one. */
export function defaultAmount(method: ReceivedPaymentMethod): Minor {
  const { min, max } = depositLimits(method)
  const wanted = method.preset.default
  if (wanted >= min && wanted <= max) return wanted
  const presets = presetsFor(method)
  return presets[Math.min(1, presets.length - 1)] ?? min
}

/** Why typed text is not a deposit amount. */
export type AmountError = 'empty' | 'invalid' | 'tooPrecise' | 'tooSmall' | 'tooLarge'

/**
 * Reads the amount a player typed (a comma or a dot, spaces between digit groups) and checks it
 * against the method's limits. Nothing is sent for text that fails here.
 */
export function readAmount(
  text: string,
  limits: DepositLimits,
  currency: Currency,
): Result<Minor, AmountError> {
  const parsed = parseMoney(text, currency)
  if (!parsed.ok) {
    switch (parsed.error) {
      case 'empty':
        return { ok: false, error: 'empty' }
      case 'too_many_decimals':
        return { ok: false, error: 'tooPrecise' }
      case 'too_large':
        return { ok: false, error: 'tooLarge' }
      case 'invalid':
      case 'negative':
        return { ok: false, error: 'invalid' }
      default: {
        const unknown: never = parsed.error
        throw new Error(`[payIn] unknown parse error ${String(unknown)}`)
      }
    }
  }
  if (parsed.value < limits.min) return { ok: false, error: 'tooSmall' }
  if (parsed.value > limits.max) return { ok: false, error: 'tooLarge' }
  return parsed
}

/** An amount as the input shows it: `50000` RUB → `"500"`, `50050` → `"500.50"`. */
export function amountText(amount: Minor, currency: Currency): string {
  return toDecimalString(amount, currency).replace(/\.0+$/, '')
}
