/**
 * Dice's three linked inputs, pure: the target, the win chance (0.01–98 %) and the multiplier
 * (`99 / chance`). Whichever the player types sets the bet's params, and the other two follow;
 * flipping over/under keeps the chance and mirrors the target.
 */
import { inputDecimal, type MoneyLocale } from '../../engine/money'
import { MULTIPLIER_SCALE } from '../../kit/instant/protocol'
import {
  MAX_ROLL,
  chanceForMultiplier,
  chanceOf,
  formatHundredths,
  isValidParams,
  multiplierFor,
  targetFor,
  type DiceParams,
  type Direction,
} from '../rules'

/** The inputs. */
export type DiceField = 'target' | 'chance' | 'multiplier'

/** Where a new player starts: roll over 50.50, a 49.50 % chance at 2.0000x. */
export const DEFAULT_DICE_PARAMS: DiceParams = { target: 5050, direction: 'over' }

/** A decimal the player typed (`49.5`, `49,50`) in units of `1/scale`, or null. */
function readDecimal(text: string, scale: number): number | null {
  const clean = text.trim().replace(',', '.')
  if (!/^\d+(\.\d*)?$/.test(clean)) return null
  const decimals = String(scale).length - 1
  const [whole = '0', fraction = ''] = clean.split('.')
  if (fraction.length > decimals) return null
  return Number(whole) * scale + Number(fraction.padEnd(decimals, '0'))
}

/** The params a typed value sets, or null when it is not a legal bet. */
export function paramsFrom(
  field: DiceField,
  text: string,
  direction: Direction,
): DiceParams | null {
  const value = readDecimal(text, field === 'multiplier' ? MULTIPLIER_SCALE : 100)
  if (value === null) return null
  const target =
    field === 'target'
      ? value
      : field === 'chance'
        ? targetFor(value, direction)
        : targetFor(chanceForMultiplier(value), direction)
  const params = { target, direction }
  return target <= MAX_ROLL && isValidParams(params) ? params : null
}

/** The other side with the same chance. */
export function flip(params: DiceParams): DiceParams {
  return {
    target: MAX_ROLL - params.target,
    direction: params.direction === 'over' ? 'under' : 'over',
  }
}

/**
 * What each input shows for the params, in the player's number format (`49,50` in ru and kz):
 * {@link paramsFrom} reads it back, and a dot typed in any language too.
 */
export function fieldTexts(params: DiceParams, locale: MoneyLocale): Record<DiceField, string> {
  const chance = chanceOf(params)
  return {
    target: inputDecimal(formatHundredths(params.target), locale),
    chance: inputDecimal(formatHundredths(chance), locale),
    multiplier: inputDecimal((multiplierFor(chance) / MULTIPLIER_SCALE).toFixed(4), locale),
  }
}
