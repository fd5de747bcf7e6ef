import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  betLimits,
  formatMoney,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'
import type { RoundError } from '../round.model'
import type { Multiplier } from '../rules'
import { formatMultiplier, type CrashViewPhase } from '../scene/crashView'
import {
  adjustAmount,
  amountText,
  readAmount,
  readAutoCashout,
  type AmountAction,
} from './betAmount'

/** The bet region of the round machine, as the panel shows it. */
export type BetPanelState =
  'idle' | 'placing' | 'queued' | 'placed' | 'cashingOut' | 'cancelling' | 'cashedOut' | 'lost'

/** The player's bet as the panel reports it. */
export interface BetPanelBet {
  amount: Minor
  cashoutAt: Multiplier | null
  win: Minor | null
}

/** Props of `BetPanel`. `player` is null for a guest, who watches without betting. */
export interface BetPanelProps {
  player: { currency: Currency; balance: Minor | null } | null
  state: BetPanelState
  phase: CrashViewPhase
  bet: BetPanelBet | null
  error: RoundError | null
  locale: MoneyLocale
  onBet: (amount: Minor, autoCashoutAt: Multiplier | null) => void
  onCashOut: () => void
  onCancel: () => void
}

const ERROR_KEYS: Record<RoundError, string> = {
  not_whole_minor_units: 'crash:error.not_whole_minor_units',
  below_min: 'crash:error.below_min',
  above_max: 'crash:error.above_max',
  auto_cashout_range: 'crash:error.auto_cashout_range',
  balance_not_enough: 'crash:error.balance_not_enough',
  betting_closed: 'crash:error.betting_closed',
  limits: 'crash:error.limits',
  duplicate: 'crash:error.duplicate',
  too_late: 'crash:error.too_late',
  not_found: 'crash:error.not_found',
  unauthorized: 'crash:error.unauthorized',
  rate_limited: 'crash:error.rate_limited',
  bad_request: 'crash:error.bad_request',
  internal: 'crash:error.internal',
  network: 'crash:error.network',
}

/** The translation key of a round error (shared with toasts). */
export const roundErrorKey = (error: RoundError) => ERROR_KEYS[error]

const AMOUNT_BUTTONS: { action: AmountAction; text: string; label: string }[] = [
  { action: 'half', text: 'crash:panel.half', label: 'crash:panel.halfLabel' },
  { action: 'double', text: 'crash:panel.double', label: 'crash:panel.doubleLabel' },
  { action: 'min', text: 'crash:panel.min', label: 'crash:panel.minLabel' },
  { action: 'max', text: 'crash:panel.max', label: 'crash:panel.maxLabel' },
]

/**
 * The player's controls: amount with ½, 2×, min and max inside the crash limits of the currency,
 * an optional auto cash-out, and one main button that bets, cashes out or waits as the bet
 * region says; Space presses it when focus is not in a field. Cancel appears while a bet can
 * still be withdrawn. A guest sees why there is nothing to press.
 */
export function BetPanel(props: BetPanelProps) {
  const { t } = useTranslation()
  const { player, state, phase, bet, error, locale } = props
  const currency = player?.currency ?? 'RUB'
  const limits = betLimits('crash', currency)
  const [amountInput, setAmountInput] = useState(() =>
    amountText((limits.min * 10) as Minor, currency),
  )
  const [autoInput, setAutoInput] = useState('')
  const amountId = useId()
  const autoId = useId()
  const amount = readAmount(amountInput, currency)
  const auto = readAutoCashout(autoInput)
  const money = (value: Minor) => formatMoney(value, currency, locale)

  const canBet =
    player !== null &&
    amount !== null &&
    auto !== 'invalid' &&
    (state === 'idle' || state === 'cashedOut' || state === 'lost') &&
    phase !== 'connecting' &&
    phase !== 'offline'
  const canCashOut = state === 'placed' && phase === 'running'
  const canCancel = state === 'queued' || (state === 'placed' && phase === 'betting')

  const primary = (): { text: string; enabled: boolean; run: () => void; kind: 'bet' | 'cash' } => {
    if (state === 'placed' || state === 'cashingOut') {
      return {
        text: t(state === 'cashingOut' ? 'crash:panel.cashingOut' : 'crash:panel.cashOut'),
        enabled: canCashOut,
        run: props.onCashOut,
        kind: 'cash',
      }
    }
    const text =
      state === 'placing'
        ? t('crash:panel.placing')
        : state === 'queued'
          ? t('crash:panel.waiting')
          : phase === 'betting'
            ? t('crash:panel.bet')
            : t('crash:panel.betNext')
    return {
      text,
      enabled: canBet,
      run: () => {
        if (amount !== null && auto !== 'invalid') props.onBet(amount, auto)
      },
      kind: 'bet',
    }
  }
  const main = primary()

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.code !== 'Space' || event.repeat) return
    const target = event.target as HTMLElement | null
    if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return
    event.preventDefault()
    if (main.enabled) main.run()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  if (!player) {
    return (
      <section
        className="crash-panel"
        data-testid="crash.bet-panel"
        aria-label={t('crash:panel.title')}
      >
        <p className="crash-panel__guest" data-testid="crash.guest-note">
          {t('crash:panel.guest')}
        </p>
      </section>
    )
  }

  const locked = state !== 'idle' && state !== 'cashedOut' && state !== 'lost'
  let note: ReactNode = null
  if (state === 'queued') note = t('crash:panel.queued')
  else if ((state === 'placed' || state === 'cashingOut') && bet) {
    note = t('crash:panel.placed', { amount: money(bet.amount) })
  } else if (state === 'cashedOut' && bet?.cashoutAt && bet.win !== null) {
    note = t('crash:panel.won', {
      multiplier: formatMultiplier(bet.cashoutAt),
      amount: money(bet.win),
    })
  } else if (state === 'lost' && bet) note = t('crash:panel.lost', { amount: money(bet.amount) })

  return (
    <section
      className="crash-panel"
      data-testid="crash.bet-panel"
      aria-label={t('crash:panel.title')}
    >
      <div className="crash-panel__field">
        <label htmlFor={amountId}>{t('crash:panel.amount', { currency })}</label>
        <input
          id={amountId}
          data-testid="crash.amount-input"
          inputMode="decimal"
          autoComplete="off"
          value={amountInput}
          disabled={locked}
          aria-invalid={amount === null}
          onChange={(event) => setAmountInput(event.target.value)}
        />
        <div className="crash-panel__quick">
          {AMOUNT_BUTTONS.map(({ action, text, label }) => (
            <button
              key={action}
              type="button"
              className="crash-chip"
              data-testid={`crash.amount-${action}`}
              aria-label={t(label)}
              disabled={locked}
              onClick={() =>
                setAmountInput(amountText(adjustAmount(amount, action, currency), currency))
              }
            >
              {t(text)}
            </button>
          ))}
        </div>
        {amount === null ? (
          <p className="crash-panel__invalid" data-testid="crash.amount-error">
            {t('crash:panel.invalidAmount', { min: money(limits.min), max: money(limits.max) })}
          </p>
        ) : null}
      </div>
      <div className="crash-panel__field">
        <label htmlFor={autoId}>{t('crash:panel.autoCashout')}</label>
        <input
          id={autoId}
          data-testid="crash.auto-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('crash:panel.autoCashoutHint')}
          value={autoInput}
          disabled={locked}
          aria-invalid={auto === 'invalid'}
          onChange={(event) => setAutoInput(event.target.value)}
        />
        {auto === 'invalid' ? (
          <p className="crash-panel__invalid" data-testid="crash.auto-error">
            {t('crash:panel.invalidAuto')}
          </p>
        ) : null}
      </div>
      <div className="crash-panel__actions">
        <button
          type="button"
          className={`crash-main crash-main--${main.kind}`}
          data-testid={main.kind === 'cash' ? 'crash.cashout-button' : 'crash.bet-button'}
          disabled={!main.enabled}
          onClick={main.run}
        >
          {main.text}
        </button>
        {canCancel || state === 'cancelling' ? (
          <button
            type="button"
            className="button button--ghost"
            data-testid="crash.cancel-button"
            disabled={state === 'cancelling'}
            onClick={props.onCancel}
          >
            {t(state === 'cancelling' ? 'crash:panel.cancelling' : 'crash:panel.cancel')}
          </button>
        ) : null}
      </div>
      <p
        className={`crash-panel__note crash-panel__note--${state}`}
        data-testid="crash.bet-status"
        data-state={state}
        data-amount={bet?.amount ?? ''}
        data-win={state === 'cashedOut' ? (bet?.win ?? '') : ''}
        aria-live="polite"
      >
        {note}
      </p>
      {error ? (
        <p className="crash-panel__error" role="alert" data-testid="crash.bet-error">
          {t(roundErrorKey(error))}
        </p>
      ) : null}
      <p className="crash-panel__hint">{t('crash:panel.shortcut')}</p>
    </section>
  )
}
