/**
 * Crash's one bet parameter in the forms: the auto cash-out, read as hundredths, in the manual
 * field and in the auto-bet form (where it is required: an auto-bet without one would wait on
 * the player).
 */
import type { AutoBetParamsForm } from '../../kit/ui/autoBetForm'
import { crashBetParamsValid, type CrashBetParams } from '../autobet.machine'
import { MAX_AUTO_CASHOUT, MIN_AUTO_CASHOUT, type Multiplier } from '../rules'

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

/**
 * The auto cash-out in the kit's auto-bet form: cash-out at 2x to start with (a whole number,
 * which reads the same in every language's number format).
 */
export const crashAutobetForm: AutoBetParamsForm<CrashBetParams> = {
  fields: [
    {
      field: 'autoCashout',
      label: 'crash:autobet.autoCashout',
      error: 'crash:autobet.invalidAuto',
      testId: 'auto-cashout',
      inputMode: 'decimal',
    },
  ],
  defaults: { autoCashout: '2' },
  read(text) {
    const auto = readAutoCashout(text.autoCashout ?? '')
    const invalid = auto === null || auto === 'invalid'
    return { params: invalid ? null : { autoCashoutAt: auto }, invalid: { autoCashout: invalid } }
  },
  valid: crashBetParamsValid,
}
