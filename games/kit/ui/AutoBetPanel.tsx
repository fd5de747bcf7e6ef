import { useId, useState } from 'react'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import type { AutobetSettings, AutobetStopReason } from '../autobet.machine'
import {
  AUTOBET_DEFAULTS,
  ROUNDS_FIELD,
  STOP_FIELDS,
  readAutoBetForm,
  type AutoBetFormText,
  type AutoBetParamsForm,
} from './autoBetForm'
import { AutoBetNet, AutoBetStopped } from './AutoBetResult'
import { MainButton } from './MainButton'
import { useKitText } from './kitText'

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
export interface AutoBetPanelProps<P extends object> {
  /** The game's id: test ids read `<game>.autobet.*`. */
  game: string
  /** The game's bet parameters in the form. */
  params: AutoBetParamsForm<P>
  currency: Currency
  locale: MoneyLocale
  /** The bet amount from the panel's shared amount field; null while that field is invalid. */
  amount: Minor | null
  /** False while a manual bet is in flight or the game is not connected. */
  canStart: boolean
  status: AutoBetStatus
  onStart: (settings: AutobetSettings<P>) => void
  onStop: () => void
}

const STOP_KEYS: Record<AutobetStopReason, string> = {
  rounds: 'kit:autobet.stopped.rounds',
  profit: 'kit:autobet.stopped.profit',
  loss: 'kit:autobet.stopped.loss',
  balance: 'kit:autobet.stopped.balance',
  player: 'kit:autobet.stopped.player',
  error: 'kit:autobet.stopped.error',
}

/**
 * Auto-bet: how many rounds (1 to 100), the game's parameters every bet carries, optional stops
 * on profit and on loss in the player's currency, and Start / Stop. While a run is on, the fields
 * lock and a live line tells rounds played and left and the profit so far; when it ends, why.
 * An invalid field says why beside it (announced) and keeps Start disabled, so nothing is sent.
 */
export function AutoBetPanel<P extends object>(props: AutoBetPanelProps<P>) {
  const t = useKitText(props.game)
  const { game, currency, locale, status } = props
  const [text, setText] = useState<AutoBetFormText>(() => ({
    ...AUTOBET_DEFAULTS,
    ...props.params.defaults,
  }))
  const baseId = useId()
  const reading = readAutoBetForm(text, props.amount, currency, props.params)
  const money = (value: number) => formatMoney(value as Minor, currency, locale)
  const canStart = props.canStart && !status.running && reading.settings !== null

  const start = () => {
    if (canStart && reading.settings) props.onStart(reading.settings)
  }
  const showProgress = status.running || status.rounds !== null
  const rounds = status.rounds ?? 0
  const fields = [ROUNDS_FIELD, ...props.params.fields, ...STOP_FIELDS]

  return (
    <fieldset className="game-auto" data-testid={`${game}.autobet`}>
      <legend className="game-auto__legend">{t('kit:autobet.legend')}</legend>
      <div className="game-auto__grid">
        {fields.map(({ field, label, error, testId, inputMode, hint }) => {
          const id = `${baseId}-${field}`
          const invalid = reading.invalid[field] === true
          const fullTestId = `${game}.autobet.${testId}`
          return (
            <div
              key={field}
              className={`game-panel__field game-auto__field game-auto__field--${field}`}
            >
              <label htmlFor={id}>{t(label, { currency })}</label>
              <input
                id={id}
                data-testid={fullTestId}
                inputMode={inputMode}
                autoComplete="off"
                placeholder={hint ? t(hint) : undefined}
                value={text[field] ?? ''}
                disabled={status.running}
                aria-invalid={invalid}
                aria-describedby={invalid ? `${id}-error` : undefined}
                onChange={(event) => setText({ ...text, [field]: event.target.value })}
              />
              {/* Always present, so the live region exists before its message arrives. */}
              <p
                id={`${id}-error`}
                className="game-panel__invalid game-auto__error"
                data-testid={`${fullTestId}-error`}
                aria-live="polite"
              >
                {invalid ? t(error) : null}
              </p>
            </div>
          )
        })}
      </div>
      {status.running ? (
        <MainButton kind="stop" testId={`${game}.autobet.stop`} onClick={props.onStop}>
          {t('kit:autobet.stop')}
        </MainButton>
      ) : (
        <MainButton
          kind="bet"
          testId={`${game}.autobet.start`}
          disabled={!canStart}
          onClick={start}
        >
          {t('kit:autobet.start')}
        </MainButton>
      )}
      <div
        className="game-auto__status"
        data-testid={`${game}.autobet.status`}
        data-running={status.running}
        role="status"
      >
        {status.running ? <p className="game-auto__running">{t('kit:autobet.running')}</p> : null}
        {showProgress ? (
          <div className="game-auto__progress">
            <p
              data-testid={`${game}.autobet.played`}
              data-played={status.played}
              data-left={Math.max(0, rounds - status.played)}
            >
              {t('kit:autobet.played', { played: status.played, rounds })}
            </p>
            {status.running ? (
              <p data-testid={`${game}.autobet.left`}>
                {t('kit:autobet.left', { left: Math.max(0, rounds - status.played) })}
              </p>
            ) : null}
            <AutoBetNet game={game} net={status.net} money={money} />
          </div>
        ) : null}
        <AutoBetStopped
          game={game}
          reason={status.running ? null : status.stopReason}
          text={status.stopReason ? STOP_KEYS[status.stopReason] : null}
        />
      </div>
    </fieldset>
  )
}
