import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  decimalSign,
  formatMoney,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'
import { AmountField, initialAmountText } from '../../kit/ui/AmountField'
import { AutoBetPanel } from '../../kit/ui/AutoBetPanel'
import { readAmount } from '../../kit/ui/betAmount'
import { BetError, BetStatus, GamePanel, kitErrorKey, type KitError } from '../../kit/ui/GamePanel'
import { MainButton, useMainAction, useSpaceKey } from '../../kit/ui/MainButton'
import { ModePanel, ModeTabs, type BetMode } from '../../kit/ui/ModeTabs'
import type { AutobetControl } from '../../kit/ui/useAutobet'
import type { CrashBetParams } from '../autobet.machine'
import type { RoundError } from '../round.model'
import type { Multiplier } from '../rules'
import { formatMultiplier, type CrashViewPhase } from '../scene/crashView'
import { crashAutobetForm, readAutoCashout } from './autoCashout'

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
  /** The auto-bet run and what its Start and Stop do (`useAutobet`). */
  autobet: AutobetControl<CrashBetParams>
}

/** Crash's own refusals and pre-check problems; the rest are every game's (`kitErrorKey`). */
const CRASH_ERROR_KEYS: Partial<Record<RoundError, string>> = {
  auto_cashout_range: 'crash:error.auto_cashout_range',
  betting_closed: 'crash:error.betting_closed',
  too_late: 'crash:error.too_late',
}

/** The translation key of a round error (shared with toasts). */
export const roundErrorKey = (error: RoundError): string =>
  CRASH_ERROR_KEYS[error] ?? kitErrorKey(error as KitError)

/**
 * Crash's controls on the kit's panel: the amount, then two tabs. Manual: an optional auto
 * cash-out and one main button that bets, cashes out or waits as the bet region says; Space
 * presses it when focus is not in a field; Cancel appears while a bet can still be withdrawn.
 * Auto: the auto-bet form with crash's auto cash-out, and a cash-out button (and Space) while one
 * of its bets is in play. A guest sees why there is nothing to press.
 */
export function BetPanel(props: BetPanelProps) {
  const { t } = useTranslation()
  const { player, state, phase, bet, error, locale } = props
  const currency = player?.currency ?? 'RUB'
  const [amountInput, setAmountInput] = useState(() => initialAmountText('crash', currency, locale))
  const [autoInput, setAutoInput] = useState('')
  const [mode, setMode] = useState<BetMode>('manual')
  const autoId = useId()
  const tabsId = useId()
  const autobetRunning = props.autobet.status.running
  // A running auto-bet keeps its tab: a manual bet beside it would take its round.
  const shown: BetMode = autobetRunning ? 'auto' : mode
  const amount = readAmount(amountInput, currency, 'crash')
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
  // In auto mode Space only cashes out: starting a run is never one stray key away. A bet by
  // Space sounds as the button's does.
  const runMain = useMainAction(main.kind, main.run, main.enabled)
  useSpaceKey(() => {
    if (shown === 'manual' || main.kind === 'cash') runMain()
  })

  const locked = state !== 'idle' && state !== 'cashedOut' && state !== 'lost'
  const showActions = shown === 'manual' || state === 'placed' || state === 'cashingOut'
  let note: ReactNode = null
  if (state === 'queued') note = t('crash:panel.queued')
  else if ((state === 'placed' || state === 'cashingOut') && bet) {
    note = t('crash:panel.placed', { amount: money(bet.amount) })
  } else if (state === 'cashedOut' && bet?.cashoutAt && bet.win !== null) {
    note = t('crash:panel.won', {
      multiplier: formatMultiplier(bet.cashoutAt, decimalSign(locale)),
      amount: money(bet.win),
    })
  } else if (state === 'lost' && bet) note = t('crash:panel.lost', { amount: money(bet.amount) })

  return (
    <GamePanel game="crash" guestNote={player ? null : t('crash:panel.guest')}>
      <ModeTabs
        game="crash"
        tabsId={tabsId}
        shown={shown}
        locked={autobetRunning}
        onMode={setMode}
      />
      <AmountField
        game="crash"
        currency={currency}
        locale={locale}
        text={amountInput}
        onText={setAmountInput}
        disabled={locked || autobetRunning}
      />
      <ModePanel tabsId={tabsId} mode="manual" shown={shown}>
        {shown === 'manual' ? (
          <div className="game-panel__field">
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
                className="game-panel__invalid"
                data-testid="crash.auto-error"
                role="alert"
              >
                {t('crash:panel.invalidAuto')}
              </p>
            ) : null}
          </div>
        ) : null}
      </ModePanel>
      <ModePanel tabsId={tabsId} mode="auto" shown={shown}>
        <AutoBetPanel
          game="crash"
          params={crashAutobetForm}
          currency={currency}
          locale={locale}
          amount={amount}
          canStart={!locked && connected}
          status={props.autobet.status}
          onStart={props.autobet.onStart}
          onStop={props.autobet.onStop}
        />
      </ModePanel>
      {showActions ? (
        <div className="game-panel__actions">
          <MainButton
            kind={main.kind}
            testId={main.kind === 'cash' ? 'crash.cashout-button' : 'crash.bet-button'}
            disabled={!main.enabled}
            onClick={main.run}
          >
            {main.text}
          </MainButton>
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
      <BetStatus
        game="crash"
        state={state}
        tone={state === 'cashedOut' ? 'won' : state === 'lost' ? 'lost' : null}
        amount={bet?.amount ?? null}
        win={state === 'cashedOut' ? (bet?.win ?? null) : null}
      >
        {note}
      </BetStatus>
      {error ? <BetError game="crash" text={t(roundErrorKey(error))} /> : null}
      <p className="game-panel__hint">
        {t(shown === 'manual' ? 'crash:panel.shortcut' : 'crash:autobet.shortcut')}
      </p>
    </GamePanel>
  )
}
