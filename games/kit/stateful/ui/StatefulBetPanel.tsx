import { useId, type ReactNode } from 'react'
import {
  formatMoney,
  type BetGame,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../../engine/money'
import type { InstantMultiplier } from '../../instant/protocol'
import type { SeedsApi } from '../../seeds/seedsApi'
import { cashOutProfit, multiplierText } from '../money'
import { AmountField } from '../../ui/AmountField'
import { adjustAmount, amountText, readAmount } from '../../ui/betAmount'
import { BetError, GamePanel } from '../../ui/GamePanel'
import { useInstantSettings } from '../../ui/instantSettings'
import { useKitText } from '../../ui/kitText'
import { MainButton, useMainAction } from '../../ui/MainButton'
import { ModePanel, ModeTabs, type BetMode } from '../../ui/ModeTabs'
import { PanelSwitches, usePanelDialog } from '../../ui/PanelSwitches'
import {
  statefulShortcuts,
  useStatefulHotkeys,
  type GameShortcut,
  type StatefulShortcut,
} from './statefulHotkeys'

/** Where the player's round stands, as the panel shows it (the round machine's states). */
export type StatefulPanelPhase = 'idle' | 'opening' | 'open' | 'stepping' | 'cashingOut' | 'settled'

/** The open round as the panel shows it: its stake and what a cash-out pays now. */
export interface StatefulPanelRound {
  amount: Minor
  /** The multiplier a cash-out pays now (0: not yet, as hilo before its first correct guess). */
  multiplier: InstantMultiplier
  /** What a cash-out pays now (capped), stake included. */
  payout: Minor
}

/** Props of `StatefulBetPanel`. */
export interface StatefulBetPanelProps {
  /** The game: its limits bound the amount; test ids read `<game>.*`. */
  game: BetGame
  /** The signed-in player's currency, or null for a guest (who sees `guestNote`). */
  currency: Currency | null
  guestNote: string
  locale: MoneyLocale
  /** What the amount field holds; the layout keeps it. */
  amountText: string
  onAmountText: (text: string) => void
  phase: StatefulPanelPhase
  /** The open round (in `open`, `stepping`, `cashingOut`); null between rounds. */
  round: StatefulPanelRound | null
  /** The game's fields make a round and the player may open one (connected, signed in). */
  canBet: boolean
  /** The profit the next winning step would bring the round to, when the game tells it. */
  nextProfit: Minor | null
  onBet: (amount: Minor) => void
  onCashOut: () => void
  /** The game's random pick (miner: a random unrevealed tile), shown while a round is open. */
  random?: { onPick: () => void; enabled: boolean } | null
  /** The last error, translated, or null. */
  error: string | null
  /** The player's seed pair calls; the Seeds button shows only with them. */
  seeds?: SeedsApi | null
  /** The game's own shortcuts, run by `onShortcut` with their id; listed in the dialog. */
  shortcuts?: readonly GameShortcut[]
  onShortcut?: (id: string) => void
  /** The game's own fields (miner's mine count); the game locks them while a round is open. */
  children?: ReactNode
  /** With it, Manual and Auto tabs: the Auto tab holds the game's auto-bet (`StatefulAuto`). */
  auto?: StatefulPanelAuto | null
}

/** The Auto tab of a stateful game's panel, as its layout keeps it. */
export interface StatefulPanelAuto {
  mode: BetMode
  onMode: (mode: BetMode) => void
  /** A run is on: its tab stays, and the stake and the keys wait for it. */
  running: boolean
  /** The pointer or focus is on the Auto tab: its code may start loading. */
  onIntent: () => void
  /** The tab's content (`LazyStatefulAutoPanel`), null until the tab first shows. */
  panel: ReactNode
}

const NO_SHORTCUTS: readonly GameShortcut[] = []

export { multiplierText }

/**
 * The tab the panel shows: a run keeps the Auto tab, and a round under way keeps Manual (its Cash
 * out is there); else the player's choice.
 */
export function shownMode(
  auto: Pick<StatefulPanelAuto, 'mode' | 'running'> | null,
  phase: StatefulPanelPhase,
): BetMode {
  if (auto?.running) return 'auto'
  if (roundUnderWay(phase)) return 'manual'
  return auto?.mode ?? 'manual'
}

/** Whether a round is opening or open in `phase`: the stake and the game's fields are set. */
const roundUnderWay = (phase: StatefulPanelPhase) => roundIsOpen(phase) || phase === 'opening'

/** Whether a round is open in `phase` (the main button is Cash out). */
export const roundIsOpen = (phase: StatefulPanelPhase) =>
  phase === 'open' || phase === 'stepping' || phase === 'cashingOut'

/**
 * The bet panel of every stateful game. Between rounds: the amount (within the game's limits),
 * the game's fields and Bet. While a round is open: Bet becomes Cash out with what it pays now,
 * the multiplier and the profit, the next step's profit when the game gives it, and the game's
 * random pick beside it. Nothing can be pressed twice while a command is out (opening, stepping,
 * cashing out). Space is the main button, C cashes out, and the game's keys join the kit's.
 */
export function StatefulBetPanel(props: StatefulBetPanelProps) {
  const { game, currency, locale, phase, round } = props
  const t = useKitText(game)
  const settings = useInstantSettings()
  const dialog = usePanelDialog()
  const tabsId = useId()
  const open = roundIsOpen(phase)
  const auto = props.auto ?? null
  const running = auto?.running === true
  const busy = roundUnderWay(phase)
  const shown = shownMode(auto, phase)
  const amount = currency ? readAmount(props.amountText, currency, game) : null
  const canOpen =
    currency !== null &&
    amount !== null &&
    props.canBet &&
    shown === 'manual' &&
    (phase === 'idle' || phase === 'settled')
  const canCashOut = phase === 'open' && round !== null && round.multiplier > 0
  const canPick = phase === 'open' && props.random?.enabled === true
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  const bet = () => {
    if (canOpen) props.onBet(amount)
  }
  const betByKey = useMainAction('bet', bet, canOpen)
  const cashByKey = useMainAction('cash', props.onCashOut, canCashOut)
  const shortcuts = statefulShortcuts(props.shortcuts ?? NO_SHORTCUTS, {
    random: props.random != null,
  })
  const onShortcut = (shortcut: StatefulShortcut) => {
    switch (shortcut.kind) {
      case 'main':
        return open ? cashByKey() : betByKey()
      case 'cashout':
        return cashByKey()
      case 'random':
        return canPick ? props.random?.onPick() : undefined
      case 'help':
        return dialog.setOpen('help')
      case 'game':
        return props.onShortcut?.(shortcut.id)
      case 'amount': {
        // The stake of an open round is set: the amount keys wait for the next one.
        if (!currency || open || phase === 'opening') return
        const next = adjustAmount(amount, shortcut.action, currency, game)
        return props.onAmountText(amountText(next, currency, locale))
      }
      default:
        throw new Error(`[kit/stateful/panel] unknown shortcut ${JSON.stringify(shortcut)}`)
    }
  }
  useStatefulHotkeys(
    settings.hotkeys && currency !== null && dialog.open === null && !running,
    shortcuts,
    onShortcut,
  )
  const profit = round ? cashOutProfit(round) : null
  const actions = (
    <div className="game-panel__actions">
      {open ? (
        <MainButton
          kind="cash"
          testId={`${game}.cashout-button`}
          disabled={!canCashOut}
          onClick={props.onCashOut}
        >
          {round && round.multiplier > 0
            ? t('kit:stateful.cashOutAmount', { amount: money(round.payout) })
            : t('kit:stateful.cashOut')}
        </MainButton>
      ) : (
        <MainButton kind="bet" testId={`${game}.bet-button`} disabled={!canOpen} onClick={bet}>
          {t('kit:instant.bet')}
        </MainButton>
      )}
      {open && props.random ? (
        <button
          type="button"
          className="game-chip"
          data-testid={`${game}.random-pick`}
          disabled={!canPick}
          onClick={props.random.onPick}
        >
          {t('kit:stateful.random')}
        </button>
      ) : null}
    </div>
  )
  return (
    <GamePanel game={game} guestNote={currency === null ? props.guestNote : null}>
      {currency ? (
        <>
          {auto ? (
            <ModeTabs
              game={game}
              tabsId={tabsId}
              shown={shown}
              locked={running || busy}
              onMode={auto.onMode}
              onAutoIntent={auto.onIntent}
            />
          ) : null}
          <AmountField
            game={game}
            currency={currency}
            locale={locale}
            text={props.amountText}
            onText={props.onAmountText}
            disabled={busy || running}
          />
          {props.children}
          {/* Nothing to cash out yet (hilo before its first correct guess): no "now 0.00×". */}
          {open && round && round.multiplier > 0 ? (
            <p
              className="game-panel__note"
              data-testid={`${game}.profit`}
              data-multiplier={round.multiplier}
              data-payout={round.payout}
            >
              {t('kit:stateful.now', {
                multiplier: multiplierText(round.multiplier, locale),
                profit: money(profit ?? 0),
              })}
            </p>
          ) : null}
          {open && props.nextProfit !== null ? (
            <p className="game-panel__note" data-testid={`${game}.next-profit`}>
              {t('kit:stateful.next', { profit: money(props.nextProfit) })}
            </p>
          ) : null}
          {auto ? (
            <>
              <ModePanel tabsId={tabsId} mode="manual" shown={shown}>
                {actions}
              </ModePanel>
              <ModePanel tabsId={tabsId} mode="auto" shown={shown}>
                {auto.panel}
              </ModePanel>
            </>
          ) : (
            actions
          )}
          {props.error ? <BetError game={game} text={props.error} /> : null}
          <PanelSwitches game={game} seeds={props.seeds} shortcuts={shortcuts} dialog={dialog} />
        </>
      ) : null}
    </GamePanel>
  )
}
