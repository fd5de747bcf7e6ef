/**
 * The auto-bet form, pure: the typed texts read into settings in minor units, or the fields
 * that stop it. Nothing starts (and nothing is sent) while any field is invalid.
 */
import { parseMoney, type Currency, type Minor } from '../../engine/money'
import { MAX_AUTOBET_ROUNDS, autobetSettingsValid, type AutobetSettings } from '../autobet.machine'
import { readAutoCashout } from './betAmount'

/** What the player typed in the auto-bet fields. */
export interface AutoBetFormText {
  rounds: string
  autoCashout: string
  stopOnProfit: string
  stopOnLoss: string
}

/** The form's fields. */
export type AutoBetField = keyof AutoBetFormText

/** The form as read: settings when every field is good, and which fields are not. */
export interface AutoBetFormReading {
  settings: AutobetSettings | null
  invalid: Record<AutoBetField, boolean>
}

/** What the fields hold before the player types: 10 rounds, cash-out at 2x, no stops. */
export const AUTOBET_DEFAULTS: AutoBetFormText = {
  rounds: '10',
  autoCashout: '2.00',
  stopOnProfit: '',
  stopOnLoss: '',
}

/** A whole number of rounds from 1 to 100 (digits only), else null. */
export function readRounds(text: string): number | null {
  const compact = text.trim()
  if (!/^\d{1,3}$/.test(compact)) return null
  const rounds = Number(compact)
  return rounds >= 1 && rounds <= MAX_AUTOBET_ROUNDS ? rounds : null
}

/** A stop threshold: empty is none (null), a positive amount is its minor units, else invalid. */
export function readStopAmount(text: string, currency: Currency): Minor | null | 'invalid' {
  if (text.trim() === '') return null
  const parsed = parseMoney(text, currency)
  return parsed.ok && parsed.value > 0 ? parsed.value : 'invalid'
}

/**
 * Reads the form for a bet of `amount` (null when the amount field is invalid; its own message
 * says why). The auto cash-out is required: an auto-bet without one would wait on the player.
 */
export function readAutoBetForm(
  text: AutoBetFormText,
  amount: Minor | null,
  currency: Currency,
): AutoBetFormReading {
  const rounds = readRounds(text.rounds)
  const auto = readAutoCashout(text.autoCashout)
  const profit = readStopAmount(text.stopOnProfit, currency)
  const loss = readStopAmount(text.stopOnLoss, currency)
  const invalid = {
    rounds: rounds === null,
    autoCashout: auto === null || auto === 'invalid',
    stopOnProfit: profit === 'invalid',
    stopOnLoss: loss === 'invalid',
  }
  if (
    amount === null ||
    rounds === null ||
    auto === null ||
    auto === 'invalid' ||
    profit === 'invalid' ||
    loss === 'invalid'
  ) {
    return { settings: null, invalid }
  }
  const settings: AutobetSettings = {
    rounds,
    amount,
    autoCashoutAt: auto,
    stopOnProfit: profit,
    stopOnLoss: loss,
  }
  // The machine refuses anything else; checking here keeps the button honest about it.
  return { settings: autobetSettingsValid(settings) ? settings : null, invalid }
}
