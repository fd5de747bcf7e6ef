import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import type { AutobetSettings, AutobetStopReason } from '../autobet.machine'
import { AUTOBET_DEFAULTS, readAutoBetForm, type AutoBetField } from './autoBetForm'

/** The auto-bet run as the panel shows it (from the auto-bet machine's snapshot). */
export interface AutoBetStatus {
  running: boolean
  played: number
  /** Rounds of the current or last run; null before the first run. */
  rounds: number | null
  /** Net result of the run in minor units: wins minus stakes. */
  net: number
  stopReason: AutobetStopReason | null
}

/** Props of `AutoBetPanel`. */
export interface AutoBetPanelProps {
  currency: Currency
  locale: MoneyLocale
  /** The bet amount from the panel's shared amount field; null while that field is invalid. */
  amount: Minor | null
  /** False while a manual bet is in flight or the game is not connected. */
  canStart: boolean
  status: AutoBetStatus
  onStart: (settings: AutobetSettings) => void
  onStop: () => void
}

const STOP_KEYS: Record<AutobetStopReason, string> = {
  rounds: 'crash:autobet.stopped.rounds',
  profit: 'crash:autobet.stopped.profit',
  loss: 'crash:autobet.stopped.loss',
  balance: 'crash:autobet.stopped.balance',
  player: 'crash:autobet.stopped.player',
  error: 'crash:autobet.stopped.error',
}

interface FieldSpec {
  field: AutoBetField
  label: string
  error: string
  testId: string
  inputMode: 'numeric' | 'decimal'
  hint?: string
}

const FIELDS: FieldSpec[] = [
  {
    field: 'rounds',
    label: 'crash:autobet.rounds',
    error: 'crash:autobet.invalidRounds',
    testId: 'crash.autobet.rounds',
    inputMode: 'numeric',
  },
  {
    field: 'autoCashout',
    label: 'crash:autobet.autoCashout',
    error: 'crash:autobet.invalidAuto',
    testId: 'crash.autobet.auto-cashout',
    inputMode: 'decimal',
  },
  {
    field: 'stopOnProfit',
    label: 'crash:autobet.stopOnProfit',
    error: 'crash:autobet.invalidStop',
    testId: 'crash.autobet.stop-profit',
    inputMode: 'decimal',
    hint: 'crash:autobet.stopHint',
  },
  {
    field: 'stopOnLoss',
    label: 'crash:autobet.stopOnLoss',
    error: 'crash:autobet.invalidStop',
    testId: 'crash.autobet.stop-loss',
    inputMode: 'decimal',
    hint: 'crash:autobet.stopHint',
  },
]

/**
 * Auto-bet: how many rounds (1 to 100), the auto cash-out every bet carries, optional stops on
 * profit and on loss in the player's currency, and Start / Stop. While a run is on, the fields
 * lock and a live line tells rounds played and left and the profit so far; when it ends, why.
 * An invalid field says why beside it (announced) and keeps Start disabled, so nothing is sent.
 */
export function AutoBetPanel(props: AutoBetPanelProps) {
  const { t } = useTranslation()
  const { currency, locale, status } = props
  const [text, setText] = useState(AUTOBET_DEFAULTS)
  const baseId = useId()
  const reading = readAutoBetForm(text, props.amount, currency)
  const money = (value: number) => formatMoney(value as Minor, currency, locale)
  const canStart = props.canStart && !status.running && reading.settings !== null

  const start = () => {
    if (canStart && reading.settings) props.onStart(reading.settings)
  }
  const showProgress = status.running || status.rounds !== null
  const rounds = status.rounds ?? 0
  const profit = `${status.net > 0 ? '+' : ''}${money(status.net)}`
  const trend = status.net > 0 ? 'up' : status.net < 0 ? 'down' : 'even'

  return (
    <fieldset className="crash-auto" data-testid="crash.autobet">
      <legend className="crash-auto__legend">{t('crash:autobet.legend')}</legend>
      <div className="crash-auto__grid">
        {FIELDS.map(({ field, label, error, testId, inputMode, hint }) => {
          const id = `${baseId}-${field}`
          const invalid = reading.invalid[field]
          return (
            <div
              key={field}
              className={`crash-panel__field crash-auto__field crash-auto__field--${field}`}
            >
              <label htmlFor={id}>{t(label, { currency })}</label>
              <input
                id={id}
                data-testid={testId}
                inputMode={inputMode}
                autoComplete="off"
                placeholder={hint ? t(hint) : undefined}
                value={text[field]}
                disabled={status.running}
                aria-invalid={invalid}
                aria-describedby={invalid ? `${id}-error` : undefined}
                onChange={(event) => setText({ ...text, [field]: event.target.value })}
              />
              {/* Always present, so the live region exists before its message arrives. */}
              <p
                id={`${id}-error`}
                className="crash-panel__invalid crash-auto__error"
                data-testid={`${testId}-error`}
                aria-live="polite"
              >
                {invalid ? t(error) : null}
              </p>
            </div>
          )
        })}
      </div>
      {status.running ? (
        <button
          type="button"
          className="crash-main crash-main--stop"
          data-testid="crash.autobet.stop"
          onClick={props.onStop}
        >
          {t('crash:autobet.stop')}
        </button>
      ) : (
        <button
          type="button"
          className="crash-main crash-main--bet"
          data-testid="crash.autobet.start"
          disabled={!canStart}
          onClick={start}
        >
          {t('crash:autobet.start')}
        </button>
      )}
      <div
        className="crash-auto__status"
        data-testid="crash.autobet.status"
        data-running={status.running}
        role="status"
      >
        {status.running ? (
          <p className="crash-auto__running">{t('crash:autobet.running')}</p>
        ) : null}
        {showProgress ? (
          <div className="crash-auto__progress">
            <p
              data-testid="crash.autobet.played"
              data-played={status.played}
              data-left={Math.max(0, rounds - status.played)}
            >
              {t('crash:autobet.played', { played: status.played, rounds })}
            </p>
            {status.running ? (
              <p data-testid="crash.autobet.left">
                {t('crash:autobet.left', { left: Math.max(0, rounds - status.played) })}
              </p>
            ) : null}
            <p
              className={`crash-auto__net crash-auto__net--${trend}`}
              data-testid="crash.autobet.profit"
              data-net={status.net}
            >
              {t('crash:autobet.profit', { amount: profit })}
            </p>
          </div>
        ) : null}
        {!status.running && status.stopReason ? (
          <p
            className={`crash-auto__stopped crash-auto__stopped--${status.stopReason}`}
            data-testid="crash.autobet.stop-reason"
            data-reason={status.stopReason}
          >
            {t(STOP_KEYS[status.stopReason])}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}
