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

/** The numbers a dozen covers as the table shows them: `13–24`. */
export const dozenRange = (index: number): string => `${12 * index - 11}–${12 * index}`

/**
 * A bet's position in words: `Split 17, 18`, `13–24, dozen 2`, `Red`. A dozen's and a column's
 * name starts with what their button shows (`13–24`, `2:1`), so a voice command naming the
 * visible text finds the button (WCAG 2.5.3, Lighthouse's label-content-name-mismatch).
 */
export function useBetName(): (spot: BetSpot) => string {
  const { t } = useTranslation()
  return useCallback(
    (spot: BetSpot) =>
      t(SPOT_KEYS[spot.kind], {
        numbers: 'numbers' in spot ? spot.numbers.join(', ') : '',
        index: 'index' in spot ? spot.index : '',
        range: spot.kind === 'dozen' ? dozenRange(spot.index) : '',
      }),
    [t],
  )
}
