import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { formatMoney, type Minor } from '../../engine/money'
import type { InstantResult } from '../../kit/instant/round.machine'
import { newCommandKey } from '../../kit/stream/commandKey'
import { initialAmountText } from '../../kit/ui/AmountField'
import { GameFrame } from '../../kit/ui/GameFrame'
import type { GameHooks, GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import {
  instantPageHooks,
  instantRoundInput,
  useInstantLayout,
  type InstantPageExtra,
} from '../../kit/instant/ui/instantPage'
import { GamePage } from '../../kit/ui/GamePage'
import { InstantBetPanel, instantErrorKey } from '../../kit/instant/ui/InstantBetPanel'
import { InstantLiveTables } from '../../kit/instant/ui/InstantLiveTables'
import { ResultStrip } from '../../kit/ui/ResultStrip'
import { kenoClient } from '../client'
import {
  bestMultiplier,
  hitsOf,
  isValidParams,
  type KenoOutcome,
  type KenoParams,
  type KenoRisk,
} from '../rules'
import { revealedHits, tileStates, type KenoView } from '../scene/kenoView'
import { KenoBetProof } from './KenoBetProof'
import { KenoBoard } from './KenoBoard'
import { KenoFields } from './KenoFields'
import { formatTableMultiplier, KenoPaytable } from './KenoPaytable'
import { autoPick, cryptoRandomIndex, togglePick } from './picks'
import { useDrawReveal } from './useDrawReveal'
import './keno.css'

const kenoRoundMachine = kenoClient.roundMachine
type Snapshot = SnapshotFrom<typeof kenoRoundMachine>

/** Keno's own page props, besides every game's: the `?bet=` proof. */
type KenoPageExtra = InstantPageExtra<KenoParams, KenoOutcome>

/** Props of `KenoGame`. */
export type KenoGameProps = GamePageProps & KenoPageExtra

type KenoBet = InstantResult<KenoParams, KenoOutcome>

const noop = () => {}

/** Keno's proofs and auto-bet, for the kit's instant layout. */
const KENO_PAGE = {
  proof: { game: 'keno', params: kenoClient.logic.params, outcome: kenoClient.logic.outcome },
  autobet: kenoClient.autobetMachine,
}

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadKenoScene = () => import('../scene/KenoScene').then((m) => new m.KenoScene())

/**
 * Keno's page: recent draws, the board (the scene's tiles with the number buttons over them and
 * the pay table under them) with the bet panel beside it, and the live tables under them.
 */
function KenoLayout(props: GameLayoutProps<typeof kenoRoundMachine> & KenoPageExtra) {
  const { t } = useTranslation()
  const { actor, snapshot, player, locale } = props
  const { context } = snapshot
  const currency = player?.currency ?? null
  const [picks, setPicks] = useState<number[]>([])
  const [risk, setRisk] = useState<KenoRisk>('classic')
  const [autoCount, setAutoCount] = useState(10)
  const [amountText, setAmountText] = useState(() =>
    currency ? initialAmountText('keno', currency) : '',
  )
  /** The bet whose draw the player set aside by changing the picks or the risk. */
  const [setAside, setSetAside] = useState<string | null>(null)
  const { loadProof, seeds, autobet } = useInstantLayout(props, KENO_PAGE)
  const running = autobet.status.running
  const busy = snapshot.matches('betting')
  const locked = currency === null || busy || running

  const last = context.last
  const shown = last && last.betId !== setAside ? last : null
  const revealed = useDrawReveal(
    shown?.betId ?? null,
    shown?.outcome.drawn.length ?? 0,
    context.instant || running,
  )
  const params: KenoParams = { picks, risk }
  const valid = isValidParams(params)
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  /** The result as the scene shows it under the board: short enough for a phone's width. */
  const sceneText = (bet: KenoBet) => {
    const hits = hitsOf(bet.params.picks, bet.outcome.drawn).length
    return bet.payout > 0
      ? t('keno:scene.won', {
          hits,
          multiplier: formatTableMultiplier(bet.multiplier, locale),
          amount: money(bet.payout),
        })
      : t('keno:scene.lost', { hits })
  }
  const resultText = (bet: KenoBet) => {
    const hits = hitsOf(bet.params.picks, bet.outcome.drawn).length
    return bet.payout > 0
      ? t('keno:result.won', {
          hits,
          multiplier: formatTableMultiplier(bet.multiplier, locale),
          amount: money(bet.payout),
        })
      : t('keno:result.lost', { hits })
  }
  const view: KenoView = {
    picks: shown ? shown.params.picks : picks,
    drawn: shown?.outcome.drawn ?? [],
    revealed,
    betId: shown?.betId ?? null,
    result: shown ? { text: sceneText(shown), won: shown.payout > 0 } : null,
  }
  const viewKey = JSON.stringify(view)
  // The canvas host redraws on a new object: keep one per distinct view.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableView = useMemo(() => view, [viewKey])
  const edit = (next: () => void) => {
    if (locked) return
    setSetAside(last?.betId ?? null)
    next()
  }
  // The draw's ten steps re-render this layout: the live tables' element is kept between them
  // (React skips an element it has already rendered), so their rows are not drawn again.
  const { live, getToken } = props
  const liveTables = useMemo(
    () =>
      live ? (
        <InstantLiveTables game="keno" live={live} getToken={getToken} locale={locale} />
      ) : null,
    [live, getToken, locale],
  )
  const complete = shown !== null && revealed >= shown.outcome.drawn.length
  const sceneLabel = shown
    ? complete
      ? resultText(shown)
      : t('keno:scene.drawing')
    : t('keno:scene.ready', { picked: picks.length })
  return (
    <>
      {props.proofBet ? (
        <KenoBetProof
          betId={props.proofBet}
          load={loadProof}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
      <ResultStrip<KenoBet>
        game="keno"
        items={context.recent}
        idOf={(bet) => bet.betId}
        textOf={(bet) =>
          `${hitsOf(bet.params.picks, bet.outcome.drawn).length}/${bet.params.picks.length}`
        }
        toneOf={(bet) => (bet.payout > 0 ? 'mid' : 'low')}
        labelOf={(bet) =>
          t('keno:history.item', {
            hits: hitsOf(bet.params.picks, bet.outcome.drawn).length,
            picked: bet.params.picks.length,
          })
        }
        renderProof={(bet, close) => (
          <KenoBetProof betId={bet.betId} load={loadProof} onClose={close} />
        )}
      />
      <GameFrame
        game="keno"
        createScene={loadKenoScene}
        view={stableView}
        label={sceneLabel}
        roundId={last?.betId ?? null}
        connection={props.connection}
        overlay={
          <KenoBoard
            states={tileStates(view)}
            full={picks.length >= 10}
            onToggle={locked ? null : (n) => edit(() => setPicks((now) => togglePick(now, n)))}
            table={
              <KenoPaytable
                risk={shown ? shown.params.risk : risk}
                picks={view.picks.length}
                hits={shown ? revealedHits(view) : null}
                locale={locale}
              />
            }
          />
        }
        panel={
          <InstantBetPanel
            game="keno"
            currency={currency}
            guestNote={t('keno:panel.guest')}
            locale={locale}
            amountText={amountText}
            onAmountText={setAmountText}
            multiplier={valid ? bestMultiplier(risk, picks.length) : null}
            busy={busy}
            canBet={valid}
            onBet={(amount) => actor.send({ type: 'BET', key: newCommandKey(), amount, params })}
            error={context.lastError ? t(instantErrorKey(context.lastError)) : null}
            seeds={seeds}
            autobet={{
              control: autobet,
              params: valid ? params : null,
              paramsValid: isValidParams,
            }}
          >
            <KenoFields
              risk={risk}
              onRisk={(next) => edit(() => setRisk(next))}
              picked={picks.length}
              autoCount={autoCount}
              onAutoCount={setAutoCount}
              onAutoPick={() => edit(() => setPicks(autoPick(autoCount, cryptoRandomIndex)))}
              onClear={() => edit(() => setPicks([]))}
              disabled={locked}
            />
          </InstantBetPanel>
        }
      />
      {last ? (
        <p
          className={`keno-result keno-result--${last.payout > 0 ? 'won' : 'lost'}`}
          data-testid="keno.result"
          data-bet-id={last.betId}
          data-drawn={last.outcome.drawn.join(',')}
          data-payout={last.payout}
          aria-live="polite"
        >
          {resultText(last)}
        </p>
      ) : null}
      {liveTables}
    </>
  )
}

/** How the kit's page reads the keno round. */
export const kenoPageHooks: GameHooks<Snapshot> = instantPageHooks<Snapshot>()

/** Keno as a kit game module. */
export const kenoModule: GameModule<typeof kenoRoundMachine, KenoPageExtra> = {
  id: 'keno',
  machine: (transport) => kenoRoundMachine.provide({ actors: kenoClient.commandActors(transport) }),
  input: instantRoundInput,
  connect: kenoClient.connect,
  hooks: kenoPageHooks,
  Layout: KenoLayout,
}

/** The live keno game for the shell's /games/keno page. */
export function KenoGame(props: KenoGameProps) {
  return <GamePage game={kenoModule} {...props} />
}
