import { useTranslation } from 'react-i18next'
import type { MoneyLocale } from '../../engine/money'
import { SIDES, type Side } from '../rules'
import { multiplierText, SIDE_KEYS } from './coinflipText'

/** Props of `CoinflipControls`. */
export interface CoinflipControlsProps {
  /** What a correct call makes the round's multiplier; null when no flip can follow. */
  next: number | null
  /** A call may go now: a round is open and no command is out. */
  canCall: boolean
  /** The call in flight, shown pressed while the coin spins. */
  pending: Side | null
  onCall: (side: Side) => void
  locale: MoneyLocale
}

/** The keys that call a side (the page's shortcuts; the buttons say them to assistive tech). */
export const CALL_KEYS: Readonly<Record<Side, string>> = { heads: 'H', tails: 'T' }

/**
 * The two calls, Heads and Tails, each with the multiplier a correct call reaches, over the
 * bottom of the canvas. They stay focusable while a call cannot go (aria-disabled, not disabled),
 * so a keyboard player's focus is not lost while the coin is in the air.
 */
export function CoinflipControls({
  next,
  canCall,
  pending,
  onCall,
  locale,
}: CoinflipControlsProps) {
  const { t } = useTranslation()
  return (
    <div
      className="coinflip-controls"
      role="group"
      aria-label={t('coinflip:controls.label')}
      data-testid="coinflip.controls"
    >
      {SIDES.map((side) => (
        <button
          key={side}
          type="button"
          className={`coinflip-call coinflip-call--${side}`}
          data-testid={`coinflip.call-${side}`}
          aria-keyshortcuts={CALL_KEYS[side]}
          aria-disabled={canCall ? undefined : true}
          aria-pressed={pending === side}
          onClick={() => {
            if (canCall) onCall(side)
          }}
        >
          <span className="coinflip-call__side">{t(SIDE_KEYS[side])}</span>
          {next !== null ? (
            <span className="coinflip-call__next">{multiplierText(next, locale)}</span>
          ) : null}
        </button>
      ))}
    </div>
  )
}
