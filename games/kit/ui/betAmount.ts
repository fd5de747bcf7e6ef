/** The bet amount field's arithmetic, pure: the amount buttons within a game's limits. */
import {
  betLimits,
  parseMoney,
  toDecimalString,
  type BetGame,
  type Currency,
  type Minor,
} from '../../engine/money'

/** What the amount buttons do. */
export type AmountAction = 'half' | 'double' | 'min' | 'max'

/** The amount after a button press, always within `game`'s limits in `currency`. */
export function adjustAmount(
  amount: Minor | null,
  action: AmountAction,
  currency: Currency,
  game: BetGame,
): Minor {
  const { min, max } = betLimits(game, currency)
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

/** The typed amount in minor units, or null when it is not a valid `game` bet in `currency`. */
export function readAmount(text: string, currency: Currency, game: BetGame): Minor | null {
  const parsed = parseMoney(text, currency)
  if (!parsed.ok) return null
  const { min, max } = betLimits(game, currency)
  return parsed.value >= min && parsed.value <= max ? parsed.value : null
}

/** An amount as the input shows it (`1.50`, `100.00`). */
export function amountText(amount: Minor, currency: Currency): string {
  return toDecimalString(amount, currency)
}
