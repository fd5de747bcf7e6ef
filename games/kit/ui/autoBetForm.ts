/**
 * The auto-bet form, pure: the typed texts read into settings in minor units, or the fields that
 * stop it. The common fields (rounds, stops) are read here; the game reads its own bet parameters
 * (`AutoBetParamsForm`). Nothing starts (and nothing is sent) while any field is invalid.
 */
import { parseMoney, type Currency, type Minor } from '../../engine/money'
import { MAX_AUTOBET_ROUNDS, autobetSettingsValid, type AutobetSettings } from '../autobet.machine'

/** The common fields of the form. */
export type CommonAutoBetField = 'rounds' | 'stopOnProfit' | 'stopOnLoss'

/** What the player typed, by field: the common fields and the game's own. */
export type AutoBetFormText = Readonly<Record<string, string>>

/** One input of the form: what it reads, its texts (translation keys) and its test id. */
export interface AutoBetFieldSpec {
  field: string
  /** Translation key of the label; `{{currency}}` is filled in. */
  label: string
  /** Translation key of the message shown while the field is invalid. */
  error: string
  /** Test id after `<game>.autobet.`, e.g. `rounds`. */
  testId: string
  inputMode: 'numeric' | 'decimal'
  /** Translation key of the placeholder. */
  hint?: string
}

/** How a game's bet parameters appear in the form and are read from it. */
export interface AutoBetParamsForm<P extends object> {
  /** The game's inputs, shown after the rounds. */
  fields: readonly AutoBetFieldSpec[]
  /** What they hold before the player types. */
  defaults: AutoBetFormText
  /** Reads them: the parameters, or null, and which of the game's fields are invalid. */
  read(text: AutoBetFormText): { params: P | null; invalid: Readonly<Record<string, boolean>> }
  /** The parameters the game's auto-bet machine accepts (as `createAutobetMachine` takes it). */
  valid(params: P): boolean
}

/** The form as read: settings when every field is good, and which fields are not. */
export interface AutoBetFormReading<P extends object> {
  settings: AutobetSettings<P> | null
  invalid: Readonly<Record<string, boolean>>
}

/** The common inputs: rounds first, the stops last (the game's go between). */
export const ROUNDS_FIELD: AutoBetFieldSpec = {
  field: 'rounds',
  label: 'kit:autobet.rounds',
  error: 'kit:autobet.invalidRounds',
  testId: 'rounds',
  inputMode: 'numeric',
}

/** The stop inputs, after the game's. */
export const STOP_FIELDS: readonly AutoBetFieldSpec[] = [
  {
    field: 'stopOnProfit',
    label: 'kit:autobet.stopOnProfit',
    error: 'kit:autobet.invalidStop',
    testId: 'stop-profit',
    inputMode: 'decimal',
    hint: 'kit:autobet.stopHint',
  },
  {
    field: 'stopOnLoss',
    label: 'kit:autobet.stopOnLoss',
    error: 'kit:autobet.invalidStop',
    testId: 'stop-loss',
    inputMode: 'decimal',
    hint: 'kit:autobet.stopHint',
  },
]

/** What the common fields hold before the player types: 10 rounds, no stops. */
export const AUTOBET_DEFAULTS: Readonly<Record<CommonAutoBetField, string>> = {
  rounds: '10',
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
 * says why), the game's fields through `form`.
 */
export function readAutoBetForm<P extends object>(
  text: AutoBetFormText,
  amount: Minor | null,
  currency: Currency,
  form: AutoBetParamsForm<P>,
): AutoBetFormReading<P> {
  const rounds = readRounds(text.rounds ?? '')
  const profit = readStopAmount(text.stopOnProfit ?? '', currency)
  const loss = readStopAmount(text.stopOnLoss ?? '', currency)
  const game = form.read(text)
  const invalid = {
    ...game.invalid,
    rounds: rounds === null,
    stopOnProfit: profit === 'invalid',
    stopOnLoss: loss === 'invalid',
  }
  if (
    amount === null ||
    rounds === null ||
    game.params === null ||
    profit === 'invalid' ||
    loss === 'invalid'
  ) {
    return { settings: null, invalid }
  }
  const settings: AutobetSettings<P> = {
    ...game.params,
    rounds,
    amount,
    stopOnProfit: profit,
    stopOnLoss: loss,
  }
  // The machine refuses anything else; checking here keeps the button honest about it.
  return { settings: autobetSettingsValid(settings, form.valid) ? settings : null, invalid }
}
