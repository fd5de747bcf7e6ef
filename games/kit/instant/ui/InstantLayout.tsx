import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod/mini'
import type { Scene } from '../../../engine/canvas'
import { formatMoney, type BetGame, type Currency, type Minor } from '../../../engine/money'
import { newCommandKey } from '../../stream/commandKey'
import { initialAmountText } from '../../ui/AmountField'
import { GameFrame } from '../../ui/GameFrame'
import type { GameLayoutProps } from '../../ui/gameModule'
import { ResultStrip } from '../../ui/ResultStrip'
import type { InstantAutobetMachine } from '../autobet.machine'
import type { InstantMultiplier } from '../protocol'
import type { InstantRules } from '../rules'
import type { InstantResult, InstantRoundMachine } from '../round.machine'
import type { LoadInstantBetProof } from './betProof'
import { InstantBetPanel } from './InstantBetPanel'
import { instantErrorKey } from './instantErrors'
import { LazyInstantLiveTables as InstantLiveTables } from './LazyInstantLiveTables'
import { useInstantLayout, type InstantPageExtra } from './instantPage'

/** What an instant game's layout is handed by the kit's page. */
export type InstantLayoutPage<P, O> = GameLayoutProps<InstantRoundMachine<P, O>> &
  InstantPageExtra<P, O>

/**
 * A bet's proof as the game draws it (its rows on the kit's `InstantBetProof`); `currency` is the
 * bet's when known (a recent one), else the player's (null for a guest).
 */
export type InstantProofSlot<P, O> = (props: {
  betId: string
  load: LoadInstantBetProof<P, O>
  currency: Currency | null
  onClose: () => void
}) => ReactNode

/** Props of `InstantLayout`: the page's props, the game's derived parts, and its slots. */
export interface InstantLayoutProps<P, O, V> {
  page: InstantLayoutPage<P, O>
  /** The game's browser side (`instantClient`): its id, limits, schemas and auto-bet. */
  client: {
    game: { id: string; limits: BetGame }
    logic: {
      params: z.ZodMiniType<P>
      outcome: z.ZodMiniType<O>
      rules: Pick<InstantRules<P, O>, 'maxPayout'>
    }
    autobetMachine: InstantAutobetMachine<P>
    paramsValid: (params: P) => boolean
  }
  /**
   * The game's scene: made lazily, the view it draws (kept stable by `GameFrame`) and its
   * accessible name (with the player's money format for amounts).
   */
  scene: {
    create: () => Promise<Scene<V>>
    view: V
    label: (money: (value: number) => string) => string
    /** Controls over the canvas (keno's number buttons); `locked` as for the fields. */
    overlay?: (locked: boolean) => ReactNode
  }
  /** The bet the fields make, or null while they do not make one. */
  params: P | null
  /** Whether the player may bet now (by default, when the fields make a bet). */
  canBet?: boolean
  /** What those params pay on a win (the profit line), null when the draw decides it. */
  multiplier: InstantMultiplier | null
  /** A stake the game sums from its own inputs (roulette's chips); else the kit's amount field. */
  stake?: Minor | null
  /** The panel's note for a guest. */
  guestNote: string
  /** The game's line over the auto-bet's Start (what a run bets). */
  autobetNote?: string
  /** The game's fields in the panel; `locked` while a bet or an auto-bet run is out. */
  fields: (locked: boolean) => ReactNode
  /** Above the panel, beside the canvas (roulette's table). */
  beforePanel?: (locked: boolean) => ReactNode
  /** Beside the recent results (roulette's hot and cold numbers). */
  aside?: ReactNode
  /** A recent result in the strip: its short text and its accessible name. */
  strip: {
    text: (bet: InstantResult<P, O>) => string
    label: (bet: InstantResult<P, O>) => string
  }
  /** The last bet's line under the game, and the `data-*` attributes tests read on it. */
  result: {
    text: (bet: InstantResult<P, O>, money: (value: number) => string) => string
    data: (bet: InstantResult<P, O>) => Record<`data-${string}`, string | number>
  }
  /** Any bet's proof, opened from the strip or the page's `?bet=`. */
  proof: InstantProofSlot<P, O>
}

const noop = () => {}

/**
 * Every instant game's page: the proof of `?bet=`, the recent results (with the game's aside),
 * the canvas with the bet panel beside it (the game's fields in it), the last bet's line and the
 * live tables of every instant game. The game fills the slots; the kit does the rest the same
 * way for all of them (proof loader, seeds, instant play, auto-bet, amount, errors).
 */
export function InstantLayout<P, O, V>(props: InstantLayoutProps<P, O, V>) {
  const { t } = useTranslation()
  const { page, client, params } = props
  const { actor, snapshot, player, locale } = page
  const { context } = snapshot
  const game = client.game.id
  const limits = client.game.limits
  const currency = player?.currency ?? null
  const [amountText, setAmountText] = useState(() =>
    currency ? initialAmountText(limits, currency, locale) : '',
  )
  const { loadProof, seeds, autobet } = useInstantLayout(page, {
    proof: { game, params: client.logic.params, outcome: client.logic.outcome },
    autobet: client.autobetMachine,
  })
  const busy = snapshot.matches('betting')
  const locked = busy || autobet.status.running
  const last = context.last
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  const amount =
    props.stake === undefined ? { amountText, onAmountText: setAmountText } : { stake: props.stake }
  const strip = (
    <ResultStrip<InstantResult<P, O>>
      game={game}
      items={context.recent}
      idOf={(bet) => bet.betId}
      textOf={props.strip.text}
      toneOf={(bet) => (bet.payout > 0 ? 'mid' : 'low')}
      labelOf={props.strip.label}
      renderProof={(bet, close) =>
        props.proof({ betId: bet.betId, load: loadProof, currency: bet.currency, onClose: close })
      }
    />
  )
  return (
    <>
      {page.proofBet
        ? props.proof({
            betId: page.proofBet,
            load: loadProof,
            currency,
            onClose: page.onProofClosed ?? noop,
          })
        : null}
      {props.aside ? (
        <div className={`${game}-recent`}>
          {strip}
          {props.aside}
        </div>
      ) : (
        strip
      )}
      <GameFrame
        game={game}
        createScene={props.scene.create}
        view={props.scene.view}
        label={props.scene.label(money)}
        roundId={last?.betId ?? null}
        connection={page.connection}
        overlay={props.scene.overlay?.(locked)}
        panel={
          <>
            {props.beforePanel?.(locked)}
            <InstantBetPanel
              game={limits}
              currency={currency}
              guestNote={props.guestNote}
              locale={locale}
              {...amount}
              multiplier={props.multiplier}
              rules={client.logic.rules}
              params={params}
              busy={busy}
              canBet={props.canBet ?? params !== null}
              onBet={(bet) => {
                if (params !== null)
                  actor.send({ type: 'BET', key: newCommandKey(), amount: bet, params })
              }}
              error={context.lastError ? t(instantErrorKey(context.lastError)) : null}
              seeds={seeds}
              autobet={{
                control: autobet,
                params: params !== null && client.paramsValid(params) ? params : null,
                paramsValid: client.paramsValid,
                ...(props.autobetNote ? { note: props.autobetNote } : {}),
              }}
            >
              {props.fields(locked)}
            </InstantBetPanel>
          </>
        }
      />
      {last ? (
        <p
          className={`${game}-result ${game}-result--${last.payout > 0 ? 'won' : 'lost'}`}
          data-testid={`${game}.result`}
          data-bet-id={last.betId}
          {...props.result.data(last)}
          data-payout={last.payout}
          aria-live="polite"
        >
          {props.result.text(last, money)}
        </p>
      ) : null}
      {page.live ? (
        <InstantLiveTables game={game} live={page.live} getToken={page.getToken} locale={locale} />
      ) : null}
    </>
  )
}
