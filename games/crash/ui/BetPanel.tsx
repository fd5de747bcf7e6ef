import {
  useEffect,
  useEffectEvent,
  useId,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import {
  betLimits,
  formatMoney,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'
import type { AutobetSettings } from '../autobet.machine'
import type { RoundError } from '../round.model'
import type { Multiplier } from '../rules'
import { formatMultiplier, type CrashViewPhase } from '../scene/crashView'
import { AutoBetPanel, type AutoBetStatus } from './AutoBetPanel'
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

/** The auto-bet run and what its Start and Stop do (the auto-bet machine, at the app edge). */
export interface BetPanelAutobet {
  status: AutoBetStatus
  onStart: (settings: AutobetSettings) => void
  onStop: () => void
}

/** Manual bets one at a time, or auto-bet. */
type BetMode = 'manual' | 'auto'

const MODES: { mode: BetMode; text: string }[] = [
  { mode: 'manual', text: 'crash:autobet.manual' },
  { mode: 'auto', text: 'crash:autobet.auto' },
]

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
  autobet: BetPanelAutobet
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
 * then two tabs. Manual: an optional auto cash-out and one main button that bets, cashes out or
 * waits as the bet region says; Space presses it when focus is not in a field; Cancel appears
 * while a bet can still be withdrawn. Auto: the auto-bet form (`AutoBetPanel`), and a cash-out
 * button (and Space) while one of its bets is in play. A guest sees why there is nothing to press.
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
  const [mode, setMode] = useState<BetMode>('manual')
  const amountId = useId()
  const autoId = useId()
  const tabsId = useId()
  const autobetRunning = props.autobet.status.running
  // A running auto-bet keeps its tab: a manual bet beside it would take its round.
  const shown: BetMode = autobetRunning ? 'auto' : mode
  const amount = readAmount(amountInput, currency)
  const auto = readAutoCashout(autoInput)
  const money = (value: Minor) => formatMoney(value, currency, locale)

  const connected = phase !== 'connecting' && phase !== 'offline'
  const canBet =
    player !== null &&
    amount !== null &&
    auto !== 'invalid' &&
    (state === 'idle' || state === 'cashedOut' || state === 'lost') &&
    connected
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
    // In auto mode Space only cashes out: starting a run is never one stray key away.
    if (main.enabled && (shown === 'manual' || main.kind === 'cash')) main.run()
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
  const showActions = shown === 'manual' || state === 'placed' || state === 'cashingOut'
  const onTabKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    if (autobetRunning) return
    const next: BetMode = shown === 'manual' ? 'auto' : 'manual'
    setMode(next)
    document.getElementById(`${tabsId}-${next}`)?.focus()
  }
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
      <div className="crash-panel__modes" role="tablist" aria-label={t('crash:autobet.modes')}>
        {MODES.map(({ mode: tab, text }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${tabsId}-${tab}`}
            className="crash-panel__mode"
            data-testid={`crash.mode.${tab}`}
            aria-selected={shown === tab}
            aria-controls={`${tabsId}-${tab}-panel`}
            tabIndex={shown === tab ? 0 : -1}
            disabled={tab === 'manual' && autobetRunning}
            onClick={() => setMode(tab)}
            onKeyDown={onTabKey}
          >
            {t(text)}
          </button>
        ))}
      </div>
      <div className="crash-panel__field">
        <label htmlFor={amountId}>{t('crash:panel.amount', { currency })}</label>
        <input
          id={amountId}
          data-testid="crash.amount-input"
          inputMode="decimal"
          autoComplete="off"
          value={amountInput}
          disabled={locked || autobetRunning}
          aria-invalid={amount === null}
          aria-describedby={amount === null ? `${amountId}-error` : undefined}
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
              disabled={locked || autobetRunning}
              onClick={() =>
                setAmountInput(amountText(adjustAmount(amount, action, currency), currency))
              }
            >
              {t(text)}
            </button>
          ))}
        </div>
        {amount === null ? (
          <p
            id={`${amountId}-error`}
            className="crash-panel__invalid"
            data-testid="crash.amount-error"
            role="alert"
          >
            {t('crash:panel.invalidAmount', { min: money(limits.min), max: money(limits.max) })}
          </p>
        ) : null}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-manual-panel`}
        aria-labelledby={`${tabsId}-manual`}
        className="crash-panel__tab"
        hidden={shown !== 'manual'}
      >
        {shown === 'manual' ? (
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
              aria-describedby={auto === 'invalid' ? `${autoId}-error` : undefined}
              onChange={(event) => setAutoInput(event.target.value)}
            />
            {auto === 'invalid' ? (
              <p
                id={`${autoId}-error`}
                className="crash-panel__invalid"
                data-testid="crash.auto-error"
                role="alert"
              >
                {t('crash:panel.invalidAuto')}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-auto-panel`}
        aria-labelledby={`${tabsId}-auto`}
        className="crash-panel__tab"
        hidden={shown !== 'auto'}
      >
        <AutoBetPanel
          currency={currency}
          locale={locale}
          amount={amount}
          canStart={!locked && connected}
          status={props.autobet.status}
          onStart={props.autobet.onStart}
          onStop={props.autobet.onStop}
        />
      </div>
      {showActions ? (
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
          {shown === 'manual' && (canCancel || state === 'cancelling') ? (
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
      ) : null}
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
      <p className="crash-panel__hint">
        {t(shown === 'manual' ? 'crash:panel.shortcut' : 'crash:autobet.shortcut')}
      </p>
    </section>
  )
}
