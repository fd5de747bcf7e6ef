import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Minor } from '../../engine/money'
import { newCommandKey } from '../../kit/stream/commandKey'
import { connectGameStream } from '../../kit/stream/connectGameStream'
import { GameFrame } from '../../kit/ui/GameFrame'
import type { GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { useAutobet } from '../../kit/ui/useAutobet'
import { autobetMachine } from '../autobet.machine'
import { crashWire, type RoundId } from '../protocol'
import { crashRoundMachine } from '../round.machine'
import type { Multiplier } from '../rules'
import { formatMultiplier, toCrashView, type CrashSceneLabels } from '../scene/crashView'
import { CRASH_NAMESPACE, crashCommandActors } from '../stream'
import { BetPanel, type BetPanelState } from './BetPanel'
import { crashAutobetHooks, crashPageHooks } from './crashHooks'
import { RoundProofDialog } from './FairnessDialog'
import { HistoryStrip } from './HistoryStrip'
import { LiveBets } from './LiveBets'
import { roundProofLoader, type LoadRoundProof } from './roundProof'
import './crash.css'

/**
 * The scene's code (and Pixi with it) loads after the page's first frame: the panel, the history
 * and the live bets are drawn first, in the room the canvas box keeps for the drawing.
 */
const loadCrashScene = () => import('../scene/CrashScene').then((m) => new m.CrashScene())

/** Crash's own page props, besides every game's. */
interface CrashPageExtra {
  /**
   * A round whose fairness proof is open (the page's `?round=` parameter): any finished round,
   * fetched from the service, not only those in the history strip. Null: no proof open.
   */
  proofRound?: RoundId | null
  /** The player closed that proof; the page drops the parameter. */
  onProofClosed?: () => void
  /** How proofs are fetched; `roundProofLoader(serviceUrl)` by default (tests pass a fake). */
  loadRoundProof?: LoadRoundProof
}

/** Props of `CrashGame`. */
export type CrashGameProps = GamePageProps & CrashPageExtra

const noop = () => {}

/**
 * Crash's page on the kit's frame: the last rounds with their proofs, the scene on a canvas
 * with the player's controls beside it, and the live bets. Guests see everything but bet.
 */
function CrashLayout(props: GameLayoutProps<typeof crashRoundMachine> & CrashPageExtra) {
  const { t } = useTranslation()
  const { actor, snapshot, player, locale } = props
  // Auto-bet decides when to bet; its bets go through the round machine like the Bet button's.
  const autobet = useAutobet(actor, autobetMachine, crashAutobetHooks)
  const [defaultLoader] = useState(() => roundProofLoader(props.serviceUrl))
  const loadRoundProof = props.loadRoundProof ?? defaultLoader

  const { context } = snapshot
  const money = (value: Minor) =>
    formatMoney(value, context.bet?.currency ?? player?.currency ?? 'RUB', locale)
  const labels: CrashSceneLabels = {
    connecting: t('crash:scene.connecting'),
    startsIn: t('crash:scene.startsIn', { seconds: '{{seconds}}' }),
    crashed: t('crash:scene.crashed'),
    won: context.bet?.win ? t('crash:scene.won', { amount: money(context.bet.win) }) : '',
    lost: t('crash:scene.lost'),
  }
  // GameFrame keeps the view stable while its content is the same.
  const view = toCrashView(snapshot, labels)
  const betState = (typeof snapshot.value.bet === 'string' ? snapshot.value.bet : 'idle') as string
  const panelState: BetPanelState =
    betState === 'afterFailedCashOut' || betState === 'afterFailedCancel'
      ? 'placed'
      : // Still finding out whether an unanswered bet stands: to the player it is being placed.
        betState === 'confirming'
        ? 'placing'
        : (betState as BetPanelState)
  const round = context.round
  const sceneLabel = t('crash:scene.label', {
    round: round?.id ?? '—',
    multiplier: round?.crashPoint ? formatMultiplier(round.crashPoint) : view.phase,
  })

  return (
    <>
      <HistoryStrip history={context.history} terminatingHash={context.fairness?.terminatingHash} />
      {props.proofRound ? (
        <RoundProofDialog
          roundId={props.proofRound}
          load={loadRoundProof}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
      <GameFrame
        game="crash"
        createScene={loadCrashScene}
        view={view}
        label={sceneLabel}
        roundId={round?.id ?? null}
        connection={props.connection}
        panel={
          <BetPanel
            player={player ? { currency: player.currency, balance: context.balance } : null}
            state={panelState}
            phase={view.phase}
            bet={context.bet}
            error={context.lastError}
            locale={locale}
            onBet={(amount: Minor, autoCashoutAt: Multiplier | null) =>
              actor.send({ type: 'BET', key: newCommandKey(), amount, autoCashoutAt })
            }
            onCashOut={() => actor.send({ type: 'CASH_OUT', key: newCommandKey() })}
            onCancel={() => actor.send({ type: 'CANCEL', key: newCommandKey() })}
            autobet={autobet}
          />
        }
      />
      <LiveBets bets={context.bets} locale={locale} />
    </>
  )
}

/** Crash as a kit game module. */
export const crashGame: GameModule<typeof crashRoundMachine, CrashPageExtra> = {
  id: 'crash',
  machine: (transport) => crashRoundMachine.provide({ actors: crashCommandActors(transport) }),
  input: (player) => ({ currency: player?.currency ?? null, balance: player?.balance ?? null }),
  connect: (options) =>
    connectGameStream({ ...options, wire: crashWire, namespace: CRASH_NAMESPACE }),
  hooks: crashPageHooks,
  Layout: CrashLayout,
}

/** The live crash game for the shell's /games/crash page. */
export function CrashGame(props: CrashGameProps) {
  return <GamePage game={crashGame} {...props} />
}
