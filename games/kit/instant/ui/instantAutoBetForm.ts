/**
 * The instant auto-bet form, pure: what the player typed read into the run's settings (minor
 * units, basis points), or the fields that stop it. Nothing starts (and nothing is sent) while
 * any field is invalid. The stops read like crash's (`readStopAmount`).
 */
import type { Currency, Minor } from '../../../engine/money'
import {
  MAX_AUTOBET_BETS,
  MAX_DECREASE_BP,
  MAX_INCREASE_BP,
  instantAutobetSettingsValid,
  type AmountChange,
  type AmountLimits,
  type InstantAutobetSettings,
  type PercentBp,
} from '../autobet.machine'
import { readStopAmount } from '../../ui/autoBetForm'

/** What the amount does after a win or a loss, as the select holds it. */
export type ChangeKind = AmountChange['kind']

/** The form as typed. */
export interface InstantAutoBetText {
  bets: string
  unlimited: boolean
  onWin: ChangeKind
  onWinPercent: string
  onLoss: ChangeKind
  onLossPercent: string
  stopOnProfit: string
  stopOnLoss: string
}

/** The fields that can be invalid. */
export type InstantAutoBetField =
  'bets' | 'onWinPercent' | 'onLossPercent' | 'stopOnProfit' | 'stopOnLoss'

/** Before the player types: 10 bets, the amount reset after every bet, no stops. */
export const INSTANT_AUTOBET_DEFAULTS: InstantAutoBetText = {
  bets: '10',
  unlimited: false,
  onWin: 'reset',
  onWinPercent: '100',
  onLoss: 'reset',
  onLossPercent: '100',
  stopOnProfit: '',
  stopOnLoss: '',
}

/** A whole number of bets from 1 to {@link MAX_AUTOBET_BETS} (digits only), else null. */
export function readBets(text: string): number | null {
  const compact = text.trim()
  if (!/^\d{1,6}$/.test(compact)) return null
  const bets = Number(compact)
  return bets >= 1 && bets <= MAX_AUTOBET_BETS ? bets : null
}

/**
 * A percentage with at most two decimals (`50`, `12.5`, `0,75`) in basis points, within the
 * range of its kind (an increase up to 1,000 %, a decrease below 100 %), else null.
 */
export function readPercent(text: string, kind: 'increase' | 'decrease'): PercentBp | null {
  const match = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  const max = kind === 'increase' ? MAX_INCREASE_BP : MAX_DECREASE_BP
  return bp >= 1 && bp <= max ? bp : null
}

function readChange(kind: ChangeKind, percent: string): AmountChange | null {
  if (kind === 'reset') return { kind }
  const bp = readPercent(percent, kind)
  return bp === null ? null : { kind, bp }
}

/** The form as read: settings when every field is good, and which fields are not. */
export interface InstantAutoBetReading<P> {
  settings: InstantAutobetSettings<P> | null
  invalid: Readonly<Record<InstantAutoBetField, boolean>>
}

/**
 * Reads the form for a base bet of `amount` (null while the amount field is invalid; its own
 * message says why) with the game's `params` (null while the game's fields are invalid).
 */
export function readInstantAutoBetForm<P>(
  text: InstantAutoBetText,
  options: {
    amount: Minor | null
    currency: Currency
    limits: AmountLimits
    params: P | null
    paramsValid: (params: P) => boolean
  },
): InstantAutoBetReading<P> {
  const bets = text.unlimited ? null : readBets(text.bets)
  const onWin = readChange(text.onWin, text.onWinPercent)
  const onLoss = readChange(text.onLoss, text.onLossPercent)
  const profit = readStopAmount(text.stopOnProfit, options.currency)
  const loss = readStopAmount(text.stopOnLoss, options.currency)
  const invalid = {
    bets: !text.unlimited && bets === null,
    onWinPercent: onWin === null,
    onLossPercent: onLoss === null,
    stopOnProfit: profit === 'invalid',
    stopOnLoss: loss === 'invalid',
  }
  const { amount, params } = options
  if (
    Object.values(invalid).some(Boolean) ||
    amount === null ||
    params === null ||
    onWin === null ||
    onLoss === null ||
    profit === 'invalid' ||
    loss === 'invalid'
  ) {
    return { settings: null, invalid }
  }
  const settings: InstantAutobetSettings<P> = {
    bets,
    amount,
    onWin,
    onLoss,
    stopOnProfit: profit,
    stopOnLoss: loss,
    params,
    limits: options.limits,
  }
  // The machine refuses anything else; checking here keeps the button honest about it.
  const valid = instantAutobetSettingsValid(settings, options.paramsValid)
  return { settings: valid ? settings : null, invalid }
}
