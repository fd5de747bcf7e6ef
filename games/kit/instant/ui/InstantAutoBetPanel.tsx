import { useId, useState } from 'react'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../../engine/money'
import type { AmountLimits, InstantAutobetStopReason } from '../autobet.machine'
import {
  INSTANT_AUTOBET_DEFAULTS,
  readInstantAutoBetForm,
  type ChangeKind,
  type InstantAutoBetField,
  type InstantAutoBetText,
} from './instantAutoBetForm'
import { AutoBetNet, AutoBetStopped } from '../../ui/AutoBetResult'
import { MainButton } from '../../ui/MainButton'
import { useKitText } from '../../ui/kitText'
import type { InstantAutobetControl } from './useInstantAutobet'

/** Props of `InstantAutoBetPanel`. */
export interface InstantAutoBetPanelProps<P> {
  /** The game's id: test ids read `<game>.autobet.*`. */
  game: string
  currency: Currency
  locale: MoneyLocale
  /** The base amount from the panel's shared amount field; null while that field is invalid. */
  amount: Minor | null
  /** The currency's bet range of the game: changed amounts stay within it. */
  limits: AmountLimits
  /** The game's bet params every bet of a run carries; null while the game's fields are invalid. */
  params: P | null
  paramsValid: (params: P) => boolean
  /** False while a manual bet is in flight or the game is not connected. */
  canStart: boolean
  control: InstantAutobetControl<P>
  /** The game's line on what a run bets, shown above Start. */
  note?: string
}

const STOP_KEYS: Record<InstantAutobetStopReason, string> = {
  bets: 'kit:instantAuto.stopped.bets',
  profit: 'kit:autobet.stopped.profit',
  loss: 'kit:autobet.stopped.loss',
  player: 'kit:autobet.stopped.player',
  balance: 'kit:autobet.stopped.balance',
  limit: 'kit:instantAuto.stopped.limit',
  error: 'kit:autobet.stopped.error',
  offline: 'kit:instantAuto.stopped.offline',
  hidden: 'kit:instantAuto.stopped.hidden',
}

const CHANGE_KEYS: Record<ChangeKind, string> = {
  reset: 'kit:instantAuto.reset',
  increase: 'kit:instantAuto.increase',
  decrease: 'kit:instantAuto.decrease',
}

const CHANGES: { side: 'onWin' | 'onLoss'; label: string; percentLabel: string; testId: string }[] =
  [
    {
      side: 'onWin',
      label: 'kit:instantAuto.onWin',
      percentLabel: 'kit:instantAuto.winPercent',
      testId: 'on-win',
    },
    {
      side: 'onLoss',
      label: 'kit:instantAuto.onLoss',
      percentLabel: 'kit:instantAuto.lossPercent',
      testId: 'on-loss',
    },
  ]

/**
 * Auto-bet of an instant game: the number of bets (or unlimited), what the amount does after a
 * win and after a loss (back to the base amount, or up or down by a percentage), optional stops
 * on net profit and net loss, and Start / Stop. While a run is on, the fields lock and a live
 * line tells the bets played, the net result and the next amount; when it ends, why. An invalid
 * field says why beside it (announced) and keeps Start disabled, so nothing is sent.
 */
export function InstantAutoBetPanel<P>(props: InstantAutoBetPanelProps<P>) {
  const { game, currency, locale, control } = props
  const { status } = control
  const t = useKitText(game)
  const [text, setText] = useState<InstantAutoBetText>(INSTANT_AUTOBET_DEFAULTS)
  const baseId = useId()
  const reading = readInstantAutoBetForm(text, props)
  const money = (value: number) => formatMoney(value as Minor, currency, locale)
  const canStart = props.canStart && !status.running && reading.settings !== null
  const locked = status.running
  const set = (patch: Partial<InstantAutoBetText>) => setText({ ...text, ...patch })
  const idOf = (field: string) => `${baseId}-${field}`

  /** A text input with its label and its (always present, announced) error line. */
  const input = (
    field: InstantAutoBetField,
    label: string,
    testId: string,
    options: { error: string; disabled?: boolean; hint?: string; mode: 'numeric' | 'decimal' },
  ) => {
    const id = idOf(field)
    const invalid = reading.invalid[field]
    return (
      <div className={`game-panel__field game-auto__field game-auto__field--${field}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          data-testid={`${game}.autobet.${testId}`}
          inputMode={options.mode}
          autoComplete="off"
          placeholder={options.hint}
          value={text[field]}
          disabled={locked || options.disabled === true}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => set({ [field]: event.target.value })}
        />
        <p
          id={`${id}-error`}
          className="game-panel__invalid game-auto__error"
          data-testid={`${game}.autobet.${testId}-error`}
          aria-live="polite"
        >
          {invalid ? t(options.error) : null}
        </p>
      </div>
    )
  }

  return (
    <fieldset className="game-auto" data-testid={`${game}.autobet`}>
      <legend className="game-auto__legend">{t('kit:autobet.legend')}</legend>
      <div className="game-auto__grid">
        {input('bets', t('kit:instantAuto.bets'), 'bets', {
          error: 'kit:instantAuto.invalidBets',
          disabled: text.unlimited,
          mode: 'numeric',
        })}
        <label className="game-auto__unlimited">
          <input
            type="checkbox"
            data-testid={`${game}.autobet.unlimited`}
            checked={text.unlimited}
            disabled={locked}
            onChange={(event) => set({ unlimited: event.target.checked })}
          />
          {t('kit:instantAuto.unlimited')}
        </label>
        {CHANGES.map(({ side, label, percentLabel, testId }) => {
          const percent = side === 'onWin' ? 'onWinPercent' : 'onLossPercent'
          return (
            <div key={side} className="game-auto__change">
              <div className="game-panel__field game-auto__field">
                <label htmlFor={idOf(side)}>{t(label)}</label>
                <select
                  className="game-select"
                  id={idOf(side)}
                  data-testid={`${game}.autobet.${testId}`}
                  value={text[side]}
                  disabled={locked}
                  onChange={(event) => set({ [side]: event.target.value as ChangeKind })}
                >
                  {(Object.keys(CHANGE_KEYS) as ChangeKind[]).map((kind) => (
                    <option key={kind} value={kind}>
                      {t(CHANGE_KEYS[kind])}
                    </option>
                  ))}
                </select>
                <p className="game-auto__error" />
              </div>
              {input(percent, t(percentLabel), `${testId}-percent`, {
                error: 'kit:instantAuto.invalidPercent',
                disabled: text[side] === 'reset',
                mode: 'decimal',
              })}
            </div>
          )
        })}
        {input('stopOnProfit', t('kit:autobet.stopOnProfit', { currency }), 'stop-profit', {
          error: 'kit:autobet.invalidStop',
          hint: t('kit:autobet.stopHint'),
          mode: 'decimal',
        })}
        {input('stopOnLoss', t('kit:autobet.stopOnLoss', { currency }), 'stop-loss', {
          error: 'kit:autobet.invalidStop',
          hint: t('kit:autobet.stopHint'),
          mode: 'decimal',
        })}
      </div>
      {props.note ? (
        <p className="game-auto__note" data-testid={`${game}.autobet.note`}>
          {props.note}
        </p>
      ) : null}
      {status.running ? (
        <MainButton kind="stop" testId={`${game}.autobet.stop`} onClick={control.onStop}>
          {t('kit:autobet.stop')}
        </MainButton>
      ) : (
        <MainButton
          kind="bet"
          testId={`${game}.autobet.start`}
          disabled={!canStart}
          onClick={() => {
            if (canStart && reading.settings) control.onStart(reading.settings)
          }}
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
        {status.started ? (
          <div className="game-auto__progress">
            <p data-testid={`${game}.autobet.played`} data-played={status.played}>
              {status.bets === null
                ? t('kit:instantAuto.playedUnlimited', { played: status.played })
                : t('kit:instantAuto.played', { played: status.played, bets: status.bets })}
            </p>
            <AutoBetNet game={game} net={status.net} money={money} />
            {status.running && status.amount !== null ? (
              <p data-testid={`${game}.autobet.next`} data-amount={status.amount}>
                {t('kit:instantAuto.next', { amount: money(status.amount) })}
              </p>
            ) : null}
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
