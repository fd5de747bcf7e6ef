import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { CanvasHost } from '../../engine/canvas'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import { newIdempotencyKey, type ConnectionState } from '../../engine/stream'
import { autobetMachine } from '../autobet.machine'
import { connectGameStream, streamTransport } from '../../kit/stream/connectGameStream'
import { crashWire, type CommandKey, type RoundId } from '../protocol'
import { crashRoundMachine } from '../round.machine'
import { CRASH_NAMESPACE, crashCommandActors } from '../stream'
import type { RoundError } from '../round.model'
import type { Multiplier } from '../rules'
import { CrashScene } from '../scene/CrashScene'
import { formatMultiplier, toCrashView, type CrashSceneLabels } from '../scene/crashView'
import type { AutoBetStatus } from './AutoBetPanel'
import { linkAutobet } from './autoBetLink'
import { BetPanel, roundErrorKey, type BetPanelState } from './BetPanel'
import { HistoryStrip } from './HistoryStrip'
import { LiveBets } from './LiveBets'
import { RoundProofDialog } from './RoundProofDialog'
import { roundProofLoader, type LoadRoundProof } from './roundProof'
import './crash.css'

/** Props of `CrashGame`. */
export interface CrashGameProps {
  /** The crash service's origin (SPEC.md section 7). */
  serviceUrl: string
  /** The session token for the socket handshake, read at each (re)connection; null for a guest. */
  getToken: () => string | null
  /** The signed-in player, or null: guests watch. Remount (`key`) when it changes. */
  player: { currency: Currency; balance: Minor } | null
  locale: MoneyLocale
  /** Every balance the server reports (bet holds, cash-outs, settlements); the shell shows it. */
  onBalance?: (balance: Minor) => void
  /** A refused or failed command, translated, for the shell's toasts. */
  onError?: (message: string) => void
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

const CONNECTING: ConnectionState = { status: 'connecting', rttMs: null, resyncing: false }

const noop = () => {}

const key = () => newIdempotencyKey() as string as CommandKey

/**
 * Crash, live: the round machine fed by the crash socket, the scene on a canvas, the player's
 * controls, the live bets and the last rounds with their proofs. Guests see everything but bet.
 */
export function CrashGame(props: CrashGameProps) {
  const { t } = useTranslation()
  const { player, locale } = props
  const [link] = useState(streamTransport)
  const actor = useActorRef(
    crashRoundMachine.provide({ actors: crashCommandActors(link.transport) }),
    { input: { currency: player?.currency ?? null, balance: player?.balance ?? null } },
  )
  const snapshot = useSelector(actor, (s) => s)
  // Auto-bet decides when to bet; its bets go through the round machine like the Bet button's.
  const autobet = useActorRef(autobetMachine)
  useEffect(() => linkAutobet({ round: actor, autobet, newKey: key }), [actor, autobet])
  const autobetStatus = useSelector(autobet, autoBetStatusOf, sameStatus)
  const { serviceUrl, getToken } = props
  const [defaultLoader] = useState(() => roundProofLoader(serviceUrl))
  const loadRoundProof = props.loadRoundProof ?? defaultLoader
  const [connection, setConnection] = useState<ConnectionState>(CONNECTING)
  useEffect(() => {
    const opened = connectGameStream({
      wire: crashWire,
      url: serviceUrl,
      namespace: CRASH_NAMESPACE,
      getToken,
      inbox: actor,
    })
    link.attach(opened.stream)
    const show = () => setConnection(opened.stream.getState())
    const offState = opened.stream.subscribe(show)
    // A joined socket may already be online, with no change to tell; read it once, later.
    queueMicrotask(show)
    return () => {
      offState()
      link.attach(null)
      opened.stop()
    }
    // The stream lives as long as the component; a new session remounts it (see props).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor])

  const { context } = snapshot
  const balance = context.balance
  // Only a change of the game's balance is reported: re-renders must not push an older value
  // over one the shell got elsewhere (a deposit, say).
  const reportBalance = useEffectEvent((value: Minor) => {
    if (props.player) props.onBalance?.(value)
  })
  useEffect(() => {
    if (balance !== null) reportBalance(balance)
  }, [balance])

  const lastError = context.lastError
  const onError = props.onError
  const reported = useRef<RoundError | null>(null)
  useEffect(() => {
    if (lastError && lastError !== reported.current) onError?.(t(roundErrorKey(lastError)))
    reported.current = lastError
  }, [lastError, onError, t])

  const money = (value: Minor) =>
    formatMoney(value, context.bet?.currency ?? player?.currency ?? 'RUB', locale)
  const labels: CrashSceneLabels = {
    connecting: t('crash:scene.connecting'),
    startsIn: t('crash:scene.startsIn', { seconds: '{{seconds}}' }),
    crashed: t('crash:scene.crashed'),
    won: context.bet?.win ? t('crash:scene.won', { amount: money(context.bet.win) }) : '',
    lost: t('crash:scene.lost'),
  }
  const view = toCrashView(snapshot, labels)
  // Only the parts that change between frames matter; keep the object stable otherwise.
  const viewKey = JSON.stringify(view)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableView = useMemo(() => view, [viewKey])
  const betState = (typeof snapshot.value.bet === 'string' ? snapshot.value.bet : 'idle') as string
  const panelState: BetPanelState =
    betState === 'afterFailedCashOut'
      ? 'placed'
      : betState === 'afterFailedCancel'
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
    <div
      className="crash"
      data-testid="crash.game"
      data-round-id={round?.id ?? ''}
      data-phase={view.phase}
    >
      <HistoryStrip history={context.history} terminatingHash={context.fairness?.terminatingHash} />
      {props.proofRound ? (
        <RoundProofDialog
          roundId={props.proofRound}
          load={loadRoundProof}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
      <div className="crash__main">
        <CanvasHost
          className="crash__canvas"
          createScene={() => new CrashScene()}
          snapshot={stableView}
          label={sceneLabel}
        >
          <div className="crash__overlay">
            <span className="crash__round" data-testid="crash.round">
              {t('crash:round', { round: round?.id ?? '—' })}
            </span>
            <span
              className={`crash__badge crash__badge--${connection.status}`}
              data-testid="crash.connection"
              data-status={connection.status}
            >
              {t(CONNECTION_KEYS[connection.status])}
              {connection.rttMs !== null
                ? ` · ${t('crash:connection.ping', { ms: connection.rttMs })}`
                : ''}
            </span>
          </div>
        </CanvasHost>
        <BetPanel
          player={player ? { currency: player.currency, balance } : null}
          state={panelState}
          phase={view.phase}
          bet={context.bet}
          error={lastError}
          locale={locale}
          onBet={(amount: Minor, autoCashoutAt: Multiplier | null) =>
            actor.send({ type: 'BET', key: key(), amount, autoCashoutAt })
          }
          onCashOut={() => actor.send({ type: 'CASH_OUT', key: key() })}
          onCancel={() => actor.send({ type: 'CANCEL', key: key() })}
          autobet={{
            status: autobetStatus,
            onStart: (settings) => autobet.send({ type: 'START', settings }),
            onStop: () => autobet.send({ type: 'STOP' }),
          }}
        />
      </div>
      <LiveBets bets={context.bets} locale={locale} />
    </div>
  )
}

function autoBetStatusOf(snapshot: SnapshotFrom<typeof autobetMachine>): AutoBetStatus {
  const { settings, played, net, stopReason } = snapshot.context
  return {
    running: snapshot.matches('on'),
    played,
    rounds: settings?.rounds ?? null,
    net,
    stopReason,
  }
}

const sameStatus = (a: AutoBetStatus, b: AutoBetStatus) =>
  a.running === b.running &&
  a.played === b.played &&
  a.rounds === b.rounds &&
  a.net === b.net &&
  a.stopReason === b.stopReason

const CONNECTION_KEYS: Record<ConnectionState['status'], string> = {
  connecting: 'crash:connection.connecting',
  online: 'crash:connection.online',
  reconnecting: 'crash:connection.reconnecting',
  offline: 'crash:connection.offline',
}
