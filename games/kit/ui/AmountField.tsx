import { useId } from 'react'
import {
  betLimits,
  formatMoney,
  type BetGame,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'
import { adjustAmount, amountText, readAmount, type AmountAction } from './betAmount'
import { useKitText } from './kitText'
import { useGameSound } from './sound/useGameSound'

const AMOUNT_BUTTONS: { action: AmountAction; text: string; label: string }[] = [
  { action: 'half', text: 'kit:panel.half', label: 'kit:panel.halfLabel' },
  { action: 'double', text: 'kit:panel.double', label: 'kit:panel.doubleLabel' },
  { action: 'min', text: 'kit:panel.min', label: 'kit:panel.minLabel' },
  { action: 'max', text: 'kit:panel.max', label: 'kit:panel.maxLabel' },
]

/** Props of `AmountField`. */
export interface AmountFieldProps {
  /** The game: its limits bound the amount, and test ids read `<game>.amount-*`. */
  game: BetGame
  currency: Currency
  locale: MoneyLocale
  /** What the input holds; the caller keeps it (it reads the amount with `readAmount`). */
  text: string
  onText: (text: string) => void
  disabled: boolean
  /**
   * The largest stake the game's current params allow (`stakeCeiling`), when below the game's
   * maximum bet: Max and 2x stop there.
   */
  ceiling?: Minor
}

/** What the field starts with: ten times the game's minimum bet, in the player's number format. */
export function initialAmountText(game: BetGame, currency: Currency, locale: MoneyLocale): string {
  return amountText((betLimits(game, currency).min * 10) as Minor, currency, locale)
}

/**
 * The bet amount: typed in the player's currency, with ½, 2×, min and max inside the game's
 * limits, and a message (announced) while the text is not a valid bet.
 */
export function AmountField({
  game,
  currency,
  locale,
  text,
  onText,
  disabled,
  ceiling,
}: AmountFieldProps) {
  const t = useKitText(game)
  const play = useGameSound()
  const id = useId()
  const limits = betLimits(game, currency)
  const amount = readAmount(text, currency, game)
  const money = (value: Minor) => formatMoney(value, currency, locale)
  return (
    <div className="game-panel__field">
      <label htmlFor={id}>{t('kit:panel.amount', { currency })}</label>
      <input
        id={id}
        data-testid={`${game}.amount-input`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-invalid={amount === null}
        aria-describedby={amount === null ? `${id}-error` : undefined}
        onChange={(event) => onText(event.target.value)}
      />
      <div className="game-panel__quick">
        {AMOUNT_BUTTONS.map(({ action, text: label, label: name }) => (
          <button
            key={action}
            type="button"
            className="game-chip"
            data-testid={`${game}.amount-${action}`}
            // The name starts with what the button shows ("½ (Halve the amount)"), so a voice
            // command saying the visible text finds it (WCAG 2.5.3).
            aria-label={t('kit:panel.quickName', { shown: t(label), action: t(name) })}
            disabled={disabled}
            onClick={() => {
              play('tick')
              onText(
                amountText(adjustAmount(amount, action, currency, game, ceiling), currency, locale),
              )
            }}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {amount === null ? (
        <p
          id={`${id}-error`}
          className="game-panel__invalid"
          data-testid={`${game}.amount-error`}
          role="alert"
        >
          {t('kit:panel.invalidAmount', { min: money(limits.min), max: money(limits.max) })}
        </p>
      ) : null}
    </div>
  )
}
