/** What the dice scene draws, pure: the bet's target and side, and the last roll if any. */
import type { DiceParams } from '../rules'
import { isWin } from '../rules'

/** The dice scene's view model. */
export interface DiceView {
  target: number
  direction: DiceParams['direction']
  /** The last roll in hundredths, or null before the first bet. */
  roll: number | null
  /** Whether that roll won the bet it was drawn for. */
  win: boolean | null
  /** The bet the roll belongs to: a new id makes the marker travel again. */
  betId: string | null
  /** Move the marker at once (instant play or reduced motion). */
  instant: boolean
  /** The decimal sign of the player's language for the roll drawn over the marker (`56,08`). */
  decimal: string
}

/** The view for the params being chosen and the last settled bet. */
export function toDiceView(
  params: DiceParams,
  last: { betId: string; params: DiceParams; outcome: { roll: number } } | null,
  instant: boolean,
  decimal = '.',
): DiceView {
  return {
    target: params.target,
    direction: params.direction,
    roll: last?.outcome.roll ?? null,
    win: last ? isWin(last.params, last.outcome.roll) : null,
    betId: last?.betId ?? null,
    instant,
    decimal,
  }
}
