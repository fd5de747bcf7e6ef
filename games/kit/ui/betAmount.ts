/** The bet amount field's arithmetic, pure: the amount buttons within a game's limits. */
import {
  betLimits,
  inputDecimal,
  maxBetPayout,
  parseMoney,
  toDecimalString,
  type BetGame,
  type BetLimits,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'

/** What the amount buttons do. */
export type AmountAction = 'half' | 'double' | 'min' | 'max'

/**
 * The amount after a button press, always within `game`'s limits in `currency`, and never above
 * `ceiling` when one is given (the largest stake the game's current params allow, see
 * {@link stakeCeiling}): Max and doubling stop there.
 */
export function adjustAmount(
  amount: Minor | null,
  action: AmountAction,
  currency: Currency,
  game: BetGame,
  ceiling?: Minor,
): Minor {
  const { min, max: limit } = betLimits(game, currency)
  const max = Math.max(min, Math.min(limit, ceiling ?? limit))
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

/**
 * The largest stake within `limits` whose best outcome fits the maximum payout per bet in
 * `currency` (`maxBetPayout`): `bestPayout` is the game's `rules.maxPayout` for its current params,
 * which grows with the stake, so a bisection finds the edge. `limits.max` when every stake fits;
 * `limits.min` when none does (the server refuses that one with `max_payout`).
 */
export function stakeCeiling(
  limits: BetLimits,
  currency: Currency,
  bestPayout: (amount: Minor) => Minor,
): Minor {
  const cap = maxBetPayout(currency)
  if (bestPayout(limits.max) <= cap) return limits.max
  if (bestPayout(limits.min) > cap) return limits.min
  // lo fits, hi does not; about 30 steps for the widest range.
  let lo: number = limits.min
  let hi: number = limits.max
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (bestPayout(mid as Minor) <= cap) lo = mid
    else hi = mid
  }
  return lo as Minor
}

/** The typed amount in minor units, or null when it is not a valid `game` bet in `currency`. */
export function readAmount(text: string, currency: Currency, game: BetGame): Minor | null {
  const parsed = parseMoney(text, currency)
  if (!parsed.ok) return null
  const { min, max } = betLimits(game, currency)
  return parsed.value >= min && parsed.value <= max ? parsed.value : null
}

/**
 * An amount as the input shows it in the player's language: `1.50`, `100.00` (en), `1,50` (ru,
 * kz). {@link readAmount} reads it back, and a dot typed in any language too.
 */
export function amountText(amount: Minor, currency: Currency, locale: MoneyLocale): string {
  return inputDecimal(toDecimalString(amount, currency), locale)
}
