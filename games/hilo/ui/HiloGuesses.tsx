import { useTranslation } from 'react-i18next'
import { formatChance, type MoneyLocale } from '../../engine/money'
import type { HiloView } from '../protocol'
import type { HiloMove } from '../rules'
import { multiplierText } from '../scene/hiloView'
import { guessOptions, skipsLeft } from './guesses'
import { MOVE_KEYS } from './hiloText'

/** Props of `HiloGuesses`. */
export interface HiloGuessesProps {
  /** The open round's view; null before a round (the buttons show, disabled). */
  view: HiloView | null
  /** A step may go now (a round is open and no command is out). */
  canStep: boolean
  onMove: (move: HiloMove) => void
  locale: MoneyLocale
}

const ARROW = { up: '▲', down: '▼' } as const

/**
 * The guess buttons over the bottom of the canvas (the band `GUESS_BAND` of the scene's layout):
 * higher (or same) and lower (or same), at the edges higher / same or lower / same, each with what
 * it pays and its chance; and Skip with the skips left. Each button's name says all it shows.
 */
export function HiloGuesses({ view, canStep, onMove, locale }: HiloGuessesProps) {
  const { t } = useTranslation()
  const options = view ? guessOptions(view) : []
  const left = view ? skipsLeft(view) : 0
  const playable = canStep && view !== null && view.running > 0
  return (
    <div className="hilo-guesses" role="group" aria-label={t('hilo:buttons.group')}>
      {(['up', 'down'] as const).map((side) => {
        const option = options.find((o) => o.side === side)
        const guess = option
          ? t(MOVE_KEYS[option.move])
          : t(MOVE_KEYS[side === 'up' ? 'higherOrSame' : 'lowerOrSame'])
        const multiplier = option ? multiplierText(option.multiplier, locale) : ''
        const chance = option ? formatChance(option.chance, locale) : ''
        return (
          <button
            key={side}
            type="button"
            className={`hilo-guess hilo-guess--${side}`}
            data-testid={`hilo.guess-${side}`}
            data-move={option?.move ?? ''}
            disabled={!playable || !option}
            aria-label={option ? t('hilo:buttons.label', { guess, multiplier, chance }) : guess}
            onClick={() => option && onMove(option.move)}
          >
            <span className="hilo-guess__name">
              <span aria-hidden="true">{ARROW[side]} </span>
              {guess}
            </span>
            {option ? (
              <span className="hilo-guess__odds">{`${multiplier} · ${chance}`}</span>
            ) : null}
          </button>
        )
      })}
      <button
        type="button"
        className="hilo-guess hilo-guess--skip"
        data-testid="hilo.skip"
        disabled={!playable || left === 0}
        aria-label={t('hilo:buttons.skipLabel', { left })}
        onClick={() => onMove('skip')}
      >
        <span className="hilo-guess__name">{t('hilo:guess.skip')}</span>
        {view ? (
          <span className="hilo-guess__odds">{t('hilo:buttons.skipsLeft', { left })}</span>
        ) : null}
      </button>
    </div>
  )
}
