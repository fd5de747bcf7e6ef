import { useId, useState, type ReactNode } from 'react'
import {
  betLimits,
  formatMoney,
  maxBetPayout,
  type BetGame,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../../engine/money'
import { AmountField } from '../../ui/AmountField'
import { adjustAmount, amountText, readAmount, stakeCeiling } from '../../ui/betAmount'
import { BetError, GamePanel } from '../../ui/GamePanel'
import { MainButton, useMainAction } from '../../ui/MainButton'
import { PanelSwitches, usePanelDialog } from '../../ui/PanelSwitches'
import { useKitText } from '../../ui/kitText'
import { payoutAt, type InstantMultiplier } from '../protocol'
import type { InstantRules } from '../rules'
import { INSTANT_SHORTCUTS, useInstantHotkeys, type InstantShortcut } from './instantHotkeys'
import { useInstantSettings } from '../../ui/instantSettings'
import type { SeedsApi } from '../../seeds/seedsApi'
import { LazyInstantAutoBetPanel, preloadInstantAutoBetPanel } from './LazyInstantAutoBetPanel'
import { ModePanel, ModeTabs, type BetMode } from '../../ui/ModeTabs'
import type { InstantAutobetControl } from './useInstantAutobet'

/** A game's auto-bet on the panel: its run (`useInstantAutobet`) and the params it bets with. */
export interface InstantAutobetMount<P> {
  control: InstantAutobetControl<P>
  /** The params of the game's fields; null while they are invalid. */
  params: P | null
  paramsValid: (params: P) => boolean
  /** The game's line on what a run bets (roulette: the chips on the table), shown above Start. */
  note?: string
}

/**
 * Where the bet's amount comes from: the kit's amount field (dice: the text is the game's, so
 * that auto-bet and the panel share it), or a stake the game sums from its own inputs (roulette's
 * chips: no field, no profit line, the amount keys off; null while there is no stake).
 */
export type InstantAmountSource =
  | { amountText: string; onAmountText: (text: string) => void; stake?: undefined }
  | { stake: Minor | null; amountText?: undefined; onAmountText?: undefined }

/** Props of `InstantBetPanel`. */
export type InstantBetPanelProps<P = never> = InstantBetPanelBase<P> & InstantAmountSource

/** Props of `InstantBetPanel` besides where its amount comes from. */
export interface InstantBetPanelBase<P = never> {
  /** The game: its limits bound the amount; test ids read `<game>.*`. */
  game: BetGame
  /** The signed-in player's currency, or null for a guest (who sees `guestNote`). */
  currency: Currency | null
  guestNote: string
  locale: MoneyLocale
  /** The multiplier the chosen params pay, for the profit on win; null while they are invalid. */
  multiplier: InstantMultiplier | null
  /** A bet is out: the button waits for its answer. */
  busy: boolean
  /** The game's params are valid and the player may bet. */
  canBet: boolean
  onBet: (amount: Minor) => void
  /** The last error, translated, or null. */
  error: string | null
  /** The player's seed pair calls; the Seeds button shows only with them. */
  seeds?: SeedsApi | null
  /** The game's own fields (dice: side, target, chance, multiplier); locked by the game itself. */
  children?: ReactNode
  /** With it, Manual and Auto tabs: the Auto tab runs the game's auto-bet. */
  autobet?: InstantAutobetMount<P>
  /**
   * The game's rules and its current params (null while invalid): with them, Max, its hotkey and
   * 2x stop at the largest stake whose best outcome (`rules.maxPayout`) fits the maximum payout
   * per bet, and the panel shows that ceiling while it is below the game's maximum bet.
   */
  rules?: Pick<InstantRules<P, unknown>, 'maxPayout'>
  params?: P | null
}

/**
 * The bet panel of every instant game: the amount (½, 2×, min, max within the game's limits),
 * the game's fields, the profit on win, the bet button, the instant-play and hotkey switches and
 * the shortcuts dialog. Space bets from anywhere on the page but a field or a button. With
 * `autobet`, Manual and Auto tabs; a running auto-bet keeps its tab and locks the amount, the
 * bet button and the hotkeys (a manual bet beside it would change its count).
 */
export function InstantBetPanel<P = never>(props: InstantBetPanelProps<P>) {
  const { game, currency, locale, autobet } = props
  const t = useKitText(game)
  const settings = useInstantSettings()
  const dialog = usePanelDialog()
  const [mode, setMode] = useState<BetMode>('manual')
  const tabsId = useId()
  const running = autobet?.control.status.running === true
  const shown: BetMode = running ? 'auto' : mode
  // The auto-bet panel mounts when its tab first shows, and stays: its fields keep their text.
  const [autoShown, setAutoShown] = useState(false)
  if (shown === 'auto' && !autoShown) setAutoShown(true)
  const field = props.stake === undefined ? props : null
  const amount =
    field === null
      ? (props.stake ?? null)
      : currency
        ? readAmount(field.amountText, currency, game)
        : null
  const ready =
    currency !== null && amount !== null && props.canBet && !props.busy && shown === 'manual'
  const limits = currency ? betLimits(game, currency) : null
  const { rules, params } = props
  const ceiling =
    currency && limits && rules && params != null
      ? stakeCeiling(limits, currency, (a) => rules.maxPayout(params, a))
      : null
  const bet = () => {
    if (ready) props.onBet(amount)
  }
  // Space bets as the button does, with its sound.
  const betByKey = useMainAction('bet', bet, ready)
  const onShortcut = (shortcut: InstantShortcut) => {
    if (shortcut.kind === 'bet') betByKey()
    else if (shortcut.kind === 'help') dialog.setOpen('help')
    else if (currency && field) {
      const next = adjustAmount(amount, shortcut.action, currency, game, ceiling ?? undefined)
      field.onAmountText(amountText(next, currency, locale))
    }
  }
  useInstantHotkeys(
    settings.hotkeys && currency !== null && dialog.open === null && !running,
    onShortcut,
  )
  const profit =
    amount !== null && props.multiplier !== null && currency
      ? formatMoney((payoutAt(amount, props.multiplier) - amount) as Minor, currency, locale)
      : '—'
  return (
    <GamePanel game={game} guestNote={currency === null ? props.guestNote : null}>
      {currency ? (
        <>
          {autobet ? (
            <ModeTabs
              game={game}
              tabsId={tabsId}
              shown={shown}
              locked={running}
              onMode={setMode}
              onAutoIntent={preloadInstantAutoBetPanel}
            />
          ) : null}
          {field ? (
            <AmountField
              game={game}
              currency={currency}
              locale={locale}
              text={field.amountText}
              onText={field.onAmountText}
              disabled={props.busy || running}
              ceiling={ceiling ?? undefined}
            />
          ) : null}
          {field && limits && ceiling !== null && ceiling < limits.max ? (
            <p className="game-panel__note" data-testid={`${game}.amount-ceiling`}>
              {t('kit:instant.stakeCeiling', {
                amount: formatMoney(ceiling, currency, locale),
                payout: formatMoney(maxBetPayout(currency), currency, locale, { trimWhole: true }),
              })}
            </p>
          ) : null}
          {props.children}
          {field ? (
            <p className="game-panel__note" data-testid={`${game}.profit`}>
              {t('kit:instant.profitOnWin', { amount: profit })}
            </p>
          ) : null}
          {autobet ? (
            <>
              <ModePanel tabsId={tabsId} mode="manual" shown={shown}>
                <MainButton
                  kind="bet"
                  testId={`${game}.bet-button`}
                  disabled={!ready}
                  onClick={bet}
                >
                  {t('kit:instant.bet')}
                </MainButton>
              </ModePanel>
              <ModePanel tabsId={tabsId} mode="auto" shown={shown}>
                {autoShown ? (
                  <LazyInstantAutoBetPanel<P>
                    game={game}
                    currency={currency}
                    locale={locale}
                    amount={amount}
                    limits={
                      limits && ceiling !== null && ceiling < limits.max
                        ? { min: limits.min, max: ceiling }
                        : betLimits(game, currency)
                    }
                    params={autobet.params}
                    paramsValid={autobet.paramsValid}
                    canStart={props.canBet && !props.busy}
                    control={autobet.control}
                    note={autobet.note}
                  />
                ) : null}
              </ModePanel>
            </>
          ) : (
            <MainButton kind="bet" testId={`${game}.bet-button`} disabled={!ready} onClick={bet}>
              {t('kit:instant.bet')}
            </MainButton>
          )}
          {props.error ? <BetError game={game} text={props.error} /> : null}
          <PanelSwitches
            game={game}
            seeds={props.seeds}
            shortcuts={INSTANT_SHORTCUTS}
            dialog={dialog}
          />
        </>
      ) : null}
    </GamePanel>
  )
}
