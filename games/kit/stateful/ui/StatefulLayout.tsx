import { useState, type ReactNode } from 'react'
import type { z } from 'zod/mini'
import type { Scene } from '../../../engine/canvas'
import {
  betLimits,
  DEFAULT_CURRENCY,
  formatMoney,
  type BetGame,
  type Minor,
  type MoneyLocale,
} from '../../../engine/money'
import type { AnyInstantLogic } from '../../instant/define'
import type { InstantResult } from '../../instant/round.machine'
import type { LoadInstantBetProof } from '../../instant/ui/betProof'
import { LazyInstantLiveTables as InstantLiveTables } from '../../instant/ui/LazyInstantLiveTables'
import { newCommandKey } from '../../stream/commandKey'
import { initialAmountText } from '../../ui/AmountField'
import { readAmount } from '../../ui/betAmount'
import type { BetMode } from '../../ui/ModeTabs'
import { GameFrame } from '../../ui/GameFrame'
import { useGameSessionContext } from '../../ui/gameSession'
import { useKitText } from '../../ui/kitText'
import { ResultStrip } from '../../ui/ResultStrip'
import { nextProfit, stakeCapOf } from '../money'
import type { StatefulRound } from '../protocol'
import type { LoadStatefulProof } from '../proof'
import { multiplierText, roundIsOpen, shownMode, StatefulBetPanel } from './StatefulBetPanel'
import { LazyStatefulAutoPanel, preloadStatefulAutoPanel } from './LazyStatefulAutoPanel'
import { LazyStatefulAutoBetProof, preloadStatefulAutoBetProof } from './LazyStatefulAutoBetProof'
import type { StatefulAutoProofSlot } from './StatefulAutoBetProof'
import type { GameShortcut } from './statefulHotkeys'
import { statefulErrorKey } from './statefulErrors'
import { statefulPhase, useStatefulLayout, type StatefulLayoutPage } from './statefulPage'
import { useUrlProof } from './urlProof'

/** What the game's controls may do: play a step of the open round, when one may go now. */
export interface StepControls<A> {
  /** A round is open and no command is out: a step may go. */
  canStep: boolean
  /** Plays `action` as the round's next step (nothing while `canStep` is false). */
  step: (action: A) => void
}

/** A round's proof as the game draws it (its rows on the kit's `StatefulRoundProof`). */
export type StatefulProofSlot<P, A, O, R> = (props: {
  roundId: string
  load: LoadStatefulProof<P, A, O, R>
  /** The page's language (the proof names its own currency). */
  locale: MoneyLocale
  onClose: () => void
}) => ReactNode

/**
 * A game's auto play on its page (the Auto tab): the steps its fields chose, and how the scene
 * and the page's result line show an auto-bet's result (an instant bet of `logic.auto`).
 */
export interface StatefulAutoSlot<AP, AO, V> {
  /** The run's params (miner's `{ mines, tiles }`, coinflip's calls); null: none chosen yet. */
  params: AP | null
  /** The Auto tab's fields in the panel, in place of `fields`; `locked` while a run is on. */
  fields: (locked: boolean) => ReactNode
  /** The line above Start on what a run bets. */
  note?: string
  /** The controls over the canvas while the Auto tab shows (miner: the tiles to pick). */
  overlay?: (locked: boolean) => ReactNode
  /**
   * The scene's view while no round is shown and the Auto tab is (null: no auto-bet yet; miner
   * shows the tiles picked), or the last auto-bet is: it shows until a round is opened.
   */
  view: (result: InstantResult<AP, AO> | null) => V
  /** The sentence announced for an auto-bet's result. */
  announce: (result: InstantResult<AP, AO>, money: (value: number) => string) => string
  /** An auto-bet's proof, opened by its id from the history or the live tables (`?bet=`). */
  proof: StatefulAutoProofSlot<AP, AO>
}

/** Props of `StatefulLayout`: the page's props, the game's derived parts, and its slots. */
export interface StatefulLayoutProps<P, A, O, W, R, V, AP = never, AO = never> {
  page: StatefulLayoutPage<P, A, O, W, R>
  /** The game's browser side (`statefulClient`): its id, limits and wire schemas. */
  client: {
    game: { id: string; limits: BetGame }
    logic: {
      params: z.ZodMiniType<P>
      action: z.ZodMiniType<A>
      outcome: z.ZodMiniType<O>
      reveal: z.ZodMiniType<R>
      /** The multiplier after the next winning step, from the public view (`nextMultiplier`). */
      nextMultiplier?: (view: W) => number | null
      /** The game's auto play, served as an instant bet on its namespace. */
      auto?: AnyInstantLogic
    }
  }
  /**
   * The game's scene: made lazily, the view it draws and its accessible name (with the player's
   * money format); `overlay` holds the game's accessible controls over the canvas (miner's tile
   * buttons, hilo's guesses, coinflip's sides).
   */
  scene: {
    create: () => Promise<Scene<V>>
    view: V
    label: (money: (value: number) => string) => string
    overlay?: (controls: StepControls<A>) => ReactNode
  }
  /** The opening the fields make, or null while they do not make one. */
  params: P | null
  /** The panel's note for a guest. */
  guestNote: string
  /** The game's fields in the panel; `locked` while a round is open or opening. */
  fields: (locked: boolean) => ReactNode
  /**
   * The game's random pick: an action for the open round chosen in the browser (never from the
   * seed pair: `randomPick`), or null when there is nothing to pick.
   */
  random?: (round: StatefulRound<P, A, O, W, R>) => A | null
  /** The game's own shortcuts and what each does with the round's controls. */
  shortcuts?: {
    keys: readonly GameShortcut[]
    run: (id: string, controls: StepControls<A>) => void
  }
  /**
   * The sentence announced (and shown under the game) for the round shown: its last step's
   * result while it is open, or how it ended; null for nothing to say (no step yet).
   */
  announce: (round: StatefulRound<P, A, O, W, R>, money: (value: number) => string) => string | null
  /** Any round's proof, opened from the strip or the page's `?bet=`. */
  proof: StatefulProofSlot<P, A, O, R>
  /** The Auto tab, for a game whose logic has `auto`. */
  auto?: StatefulAutoSlot<AP, AO, V>
}

const noop = () => {}

/**
 * Every stateful game's page: the proof of `?bet=`, the strip of recent rounds, the canvas with
 * the game's controls over it and the bet panel beside it (Bet, then Cash out), the announced
 * result of each step and of the end, and the live tables. The game fills the slots; the kit does
 * the rest the same way for all of them (proof loader, seeds, amount, errors, keys).
 */
export function StatefulLayout<P, A, O, W, R, V, AP = never, AO = never>(
  props: StatefulLayoutProps<P, A, O, W, R, V, AP, AO>,
) {
  const { page, client, params } = props
  const { actor, snapshot, player, locale } = page
  const { context } = snapshot
  const game = client.game.id
  const t = useKitText(game)
  const limits = client.game.limits
  const currency = player?.currency ?? null
  const [amountText, setAmountText] = useState(() =>
    currency ? initialAmountText(limits, currency, locale) : '',
  )
  const { loadProof, seeds } = useStatefulLayout(page, { game, ...client.logic })
  const session = useGameSessionContext()
  const autoLogic = client.logic.auto
  // `?bet=` names a round or one of the game's auto-bets: a round first, then a bet.
  const urlProof = useUrlProof(
    loadProof,
    Boolean(props.auto && autoLogic),
    preloadStatefulAutoBetProof,
  )
  const phase = statefulPhase(snapshot.value)
  const round = context.round
  const open = round !== null && round.status === 'open' && roundIsOpen(phase)
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  const controls: StepControls<A> = {
    canStep: open && phase === 'open',
    step: (action) => {
      if (open && phase === 'open') actor.send({ type: 'STEP', key: newCommandKey(), action })
    },
  }
  // The Auto tab: the game's auto play, run by the instant kit's machines on the page's stream.
  const [mode, setMode] = useState<BetMode>('manual')
  const [autoRunning, setAutoRunning] = useState(false)
  const [autoMounted, setAutoMounted] = useState(false)
  const [autoLast, setAutoLast] = useState<InstantResult<AP, AO> | null>(null)
  // A signed-in player's tab, on a game with auto play whose page shares its stream.
  const auto =
    props.auto && autoLogic && page.stream && player
      ? { slot: props.auto, logic: autoLogic, stream: page.stream, player }
      : null
  const autoSlot = auto?.slot ?? null
  const shown = shownMode(auto ? { mode, running: autoRunning } : null, phase)
  if (auto && shown === 'auto' && !autoMounted) setAutoMounted(true)
  // The last auto-bet shows until a round is opened (or shown: a resumed one).
  const autoResult = autoSlot && round === null ? autoLast : null
  const announced = autoResult
    ? (autoSlot?.announce(autoResult, money) ?? null)
    : round
      ? props.announce(round, money)
      : null
  // The next step's profit, when the game can tell it from the public view (capped as paid).
  const next = open ? (client.logic.nextMultiplier?.(round.view) ?? null) : null
  const nextStepProfit =
    open && next !== null ? (nextProfit(stakeCapOf(round), next) as Minor) : null
  const autoPanel =
    auto && autoMounted ? (
      <LazyStatefulAutoPanel<AP, AO>
        game={limits}
        logic={auto.logic}
        stream={auto.stream}
        player={auto.player}
        locale={locale}
        amount={readAmount(amountText, auto.player.currency, limits)}
        limits={betLimits(limits, auto.player.currency)}
        params={auto.slot.params}
        canStart={phase === 'idle' || phase === 'settled'}
        note={auto.slot.note}
        onSettled={(result, balance) => {
          setAutoLast(result)
          // The session's statistics and sounds count the run's bets as the rounds'.
          session?.report({ id: result.betId, amount: result.amount, payout: result.payout })
          actor.send({ type: 'BALANCE', balance })
          // The round that ended before the run leaves the scene to the run's bets.
          if (phase === 'settled') actor.send({ type: 'NEW' })
        }}
        onRunning={setAutoRunning}
      />
    ) : null
  // The proof `?bet=` names: a round's, or one of the game's auto-bets' (see `useUrlProof`).
  const proofBet = page.proofBet ?? null
  const onProofClosed = page.onProofClosed ?? noop
  const urlProofDialog =
    proofBet === null ? null : props.auto && autoLogic && urlProof.isBet(proofBet) ? (
      <LazyStatefulAutoBetProof<AP, AO>
        game={game}
        betId={proofBet}
        logic={autoLogic}
        serviceUrl={page.serviceUrl}
        {...(page.loadBetProof ? { load: page.loadBetProof as LoadInstantBetProof<AP, AO> } : {})}
        currency={currency ?? DEFAULT_CURRENCY}
        locale={locale}
        outcomeText={props.auto.proof.outcomeText}
        rows={props.auto.proof.rows}
        onClose={onProofClosed}
      />
    ) : (
      props.proof({ roundId: proofBet, load: urlProof.load, locale, onClose: onProofClosed })
    )
  const strip = (
    <ResultStrip<StatefulRound<P, A, O, W, R>>
      game={game}
      items={context.recent}
      idOf={(r) => r.roundId}
      textOf={(r) => multiplierText(r.multiplier, locale)}
      toneOf={(r) => (r.payout === 0 ? 'low' : r.payout > r.amount ? 'high' : 'mid')}
      labelOf={(r) =>
        t('kit:stateful.stripItem', {
          multiplier: multiplierText(r.multiplier, locale),
        })
      }
      renderProof={(r, close) =>
        props.proof({ roundId: r.roundId, load: loadProof, locale, onClose: close })
      }
    />
  )
  return (
    <>
      {urlProofDialog}
      {strip}
      <GameFrame
        game={game}
        createScene={props.scene.create}
        view={
          autoSlot && round === null && (autoResult || shown === 'auto')
            ? autoSlot.view(autoResult)
            : props.scene.view
        }
        label={props.scene.label(money)}
        roundId={autoResult?.betId ?? round?.roundId ?? null}
        connection={page.connection}
        overlay={
          shown === 'auto' && autoSlot?.overlay
            ? autoSlot.overlay(autoRunning)
            : props.scene.overlay?.(controls)
        }
        panel={
          <StatefulBetPanel
            // A stateful game's id is its own limits group (define.ts), so its test ids agree.
            game={limits}
            currency={currency}
            guestNote={props.guestNote}
            locale={locale}
            amountText={amountText}
            onAmountText={setAmountText}
            phase={phase}
            round={open ? round : null}
            canBet={params !== null}
            nextProfit={nextStepProfit}
            onBet={(amount) => {
              if (params === null) return
              setAutoLast(null)
              actor.send({ type: 'OPEN', key: newCommandKey(), amount, params })
            }}
            onCashOut={() => actor.send({ type: 'CASHOUT', key: newCommandKey() })}
            random={
              props.random
                ? {
                    enabled: open,
                    onPick: () => {
                      const action = open && round ? props.random?.(round) : null
                      if (action != null) controls.step(action)
                    },
                  }
                : null
            }
            error={context.lastError ? t(statefulErrorKey(context.lastError)) : null}
            seeds={seeds}
            auto={
              autoSlot
                ? {
                    mode,
                    onMode: setMode,
                    running: autoRunning,
                    onIntent: preloadStatefulAutoPanel,
                    panel: autoPanel,
                  }
                : null
            }
            {...(props.shortcuts
              ? {
                  shortcuts: props.shortcuts.keys,
                  onShortcut: (id: string) => props.shortcuts?.run(id, controls),
                }
              : {})}
          >
            {shown === 'auto' && autoSlot
              ? autoSlot.fields(autoRunning)
              : props.fields(phase === 'opening' || open)}
          </StatefulBetPanel>
        }
      />
      <p
        className={`${game}-result`}
        data-testid={`${game}.result`}
        data-round-id={autoResult ? '' : (round?.roundId ?? '')}
        data-bet-id={autoResult?.betId ?? ''}
        data-status={autoResult ? (autoResult.payout > 0 ? 'won' : 'lost') : (round?.status ?? '')}
        data-step={autoResult ? '' : (round?.step ?? '')}
        data-payout={autoResult?.payout ?? round?.payout ?? ''}
        aria-live="polite"
      >
        {announced}
      </p>
      {page.live ? (
        <InstantLiveTables game={game} live={page.live} getToken={page.getToken} locale={locale} />
      ) : null}
    </>
  )
}
