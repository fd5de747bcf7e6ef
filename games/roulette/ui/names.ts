/** How roulette names a pocket (`17 red`) and a bet (`Split 17, 18`) in the player's language. */
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { colorOf, type RouletteBet } from '../rules'
import type { BetSpot } from './table'

/** The colour words (literal keys: the locale test reads them). */
const COLOR_KEYS = {
  green: 'roulette:color.green',
  red: 'roulette:color.red',
  black: 'roulette:color.black',
} as const

/** The accessible name of each kind of position. */
export const SPOT_KEYS: Readonly<Record<RouletteBet['kind'], string>> = {
  straight: 'roulette:table.spot.straight',
  split: 'roulette:table.spot.split',
  street: 'roulette:table.spot.street',
  corner: 'roulette:table.spot.corner',
  line: 'roulette:table.spot.line',
  dozen: 'roulette:table.spot.dozen',
  column: 'roulette:table.spot.column',
  red: 'roulette:table.spot.red',
  black: 'roulette:table.spot.black',
  odd: 'roulette:table.spot.odd',
  even: 'roulette:table.spot.even',
  low: 'roulette:table.spot.low',
  high: 'roulette:table.spot.high',
}

/** A pocket with its colour: `17 red`. */
export function usePocketName(): (pocket: number) => string {
  const { t } = useTranslation()
  return useCallback(
    (pocket: number) => t('roulette:pocket', { pocket, color: t(COLOR_KEYS[colorOf(pocket)]) }),
    [t],
  )
}

/** A bet's position in words: `Split 17, 18`, `Dozen 2`, `Red`. */
export function useBetName(): (spot: BetSpot) => string {
  const { t } = useTranslation()
  return useCallback(
    (spot: BetSpot) =>
      t(SPOT_KEYS[spot.kind], {
        numbers: 'numbers' in spot ? spot.numbers.join(', ') : '',
        index: 'index' in spot ? spot.index : '',
      }),
    [t],
  )
}
