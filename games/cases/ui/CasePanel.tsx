import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaseResponse } from '../../../contract'
import { formatMoney, type Currency, type MoneyLocale } from '../../engine/money'
import { BetError, GamePanel } from '../../kit/ui/GamePanel'
import { MainButton } from '../../kit/ui/MainButton'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { LazySeedsDialog } from '../../kit/seeds/LazySeedsDialog'
import type { SeedsApi } from '../../kit/seeds/seedsApi'
import { MAX_CASES_PER_OPENING, openingStake } from '../rules'

/** Props of `CasePanel`. */
export interface CasePanelProps {
  kase: CaseResponse
  locale: MoneyLocale
  /** The signed-in player's currency; null for a guest, who gets the demo spin. */
  currency: Currency | null
  count: number
  onCount: (count: number) => void
  /** An opening is out: the button waits for its answer. */
  busy: boolean
  seeds: SeedsApi | null
  /** The last refusal, translated, or null. */
  error: string | null
  onOpen: () => void
  onDemo: () => void
}

const COUNTS = Array.from({ length: MAX_CASES_PER_OPENING }, (_, i) => i + 1)

/**
 * The opening panel: how many cases (1–5), the total, the open button and quick open; a guest
 * gets a demo spin instead, labelled as one, that never touches money.
 */
export function CasePanel(props: CasePanelProps) {
  const { t } = useTranslation()
  const { kase, count, currency } = props
  const settings = useInstantSettings()
  const [seedsOpen, setSeedsOpen] = useState(false)
  const total = formatMoney(openingStake(kase.price, count), kase.currency, props.locale)
  const wrongCurrency = currency !== null && currency !== kase.currency
  return (
    // A guest keeps the panel (the kit's would show only its note): the demo spin is theirs.
    <GamePanel game="cases" guestNote={null}>
      {currency === null ? (
        <p className="game-panel__guest" data-testid="cases.guest-note">
          {t('cases:panel.guest')}
        </p>
      ) : null}
      <fieldset className="cases-count" data-testid="cases.count">
        <legend>{t('cases:panel.count')}</legend>
        <div className="cases-count__options">
          {COUNTS.map((n) => (
            <label key={n} className="cases-count__option">
              <input
                type="radio"
                name="cases-count"
                value={n}
                checked={count === n}
                disabled={props.busy}
                data-testid={`cases.count-${n}`}
                onChange={() => props.onCount(n)}
              />
              <span>{`×${n}`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="game-panel__note" data-testid="cases.total">
        {t('cases:panel.total', { amount: total })}
      </p>
      {currency === null ? (
        <>
          <MainButton kind="bet" testId="cases.demo-button" onClick={props.onDemo}>
            {t('cases:panel.demo')}
          </MainButton>
          <p className="cases-demo-note" data-testid="cases.demo-note">
            {t('cases:panel.demoNote')}
          </p>
        </>
      ) : (
        <MainButton
          kind="bet"
          testId="cases.open-button"
          disabled={props.busy || wrongCurrency}
          onClick={props.onOpen}
        >
          {t('cases:panel.open', { amount: total })}
        </MainButton>
      )}
      {wrongCurrency ? <BetError game="cases" text={t('cases:panel.currency')} /> : null}
      {props.error ? <BetError game="cases" text={props.error} /> : null}
      <div className="game-panel__switches">
        <label>
          <input
            type="checkbox"
            data-testid="cases.quick-open"
            checked={settings.instantPlay}
            onChange={(event) => settings.setInstantPlay(event.target.checked)}
          />
          {t('cases:panel.quickOpen')}
        </label>
        {props.seeds ? (
          <button
            type="button"
            className="button button--ghost"
            data-testid="cases.seeds"
            onClick={() => setSeedsOpen(true)}
          >
            {t('kit:seeds.open')}
          </button>
        ) : null}
      </div>
      {seedsOpen && props.seeds ? (
        <LazySeedsDialog game="cases" api={props.seeds} onClose={() => setSeedsOpen(false)} />
      ) : null}
    </GamePanel>
  )
}
