import { useTranslation } from 'react-i18next'
import type { MoneyLocale } from '../../engine/money'
import { coinflipMultiplier, MAX_FLIPS, SIDES, type Side } from '../rules'
import { multiplierText, SIDE_KEYS, sideNames } from './coinflipText'

/** Props of `CoinflipAutoFields`. */
export interface CoinflipAutoFieldsProps {
  /** The calls every bet of a run flips, in order. */
  calls: readonly Side[]
  onCalls: (calls: Side[]) => void
  /** True while a run is on: its calls are set. */
  disabled: boolean
  locale: MoneyLocale
}

/**
 * Coinflip's fields on the Auto tab: the calls each bet flips in order (1 to 20), added a side at
 * a time and removed from the end, and what a bet pays when every call is right.
 */
export function CoinflipAutoFields({ calls, onCalls, disabled, locale }: CoinflipAutoFieldsProps) {
  const { t } = useTranslation()
  const full = calls.length >= MAX_FLIPS
  return (
    <div className="coinflip-auto" data-testid="coinflip.auto-fields">
      <p className="game-panel__note" data-testid="coinflip.auto-calls" aria-live="polite">
        {calls.length === 0
          ? t('coinflip:auto.noCalls')
          : t('coinflip:auto.calls', { calls: sideNames(calls, t) })}
      </p>
      <div className="coinflip-auto__buttons">
        {SIDES.map((side) => (
          <button
            key={side}
            type="button"
            className="game-chip"
            data-testid={`coinflip.auto-add-${side}`}
            disabled={disabled || full}
            onClick={() => onCalls([...calls, side])}
          >
            {t('coinflip:auto.add', { side: t(SIDE_KEYS[side]) })}
          </button>
        ))}
        <button
          type="button"
          className="game-chip"
          data-testid="coinflip.auto-remove"
          disabled={disabled || calls.length === 0}
          onClick={() => onCalls(calls.slice(0, -1))}
        >
          {t('coinflip:auto.remove')}
        </button>
      </div>
      {calls.length > 0 ? (
        <p className="game-panel__note" data-testid="coinflip.auto-pays">
          {t('coinflip:auto.pays', {
            multiplier: multiplierText(coinflipMultiplier(calls.length), locale),
          })}
        </p>
      ) : null}
    </div>
  )
}
