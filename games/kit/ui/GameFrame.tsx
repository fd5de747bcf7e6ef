import { Suspense, lazy, useId, useRef, useState, type ReactNode } from 'react'
import { CanvasHost } from '../../engine/canvas'
import type { CanvasStatus, Scene } from '../../engine/canvas'
import type { ConnectionState } from '../../engine/stream'
import { ConnectionBadge } from './ConnectionBadge'
import { useGameSessionContext } from './gameSession'
import { GameTools } from './GameTools'
import { useKitText } from './kitText'
import { roundName } from './roundName'
import { useFullscreen } from './useFullscreen'
import './frame.css'

/** The statistics panel's code and styles load when a player first opens it, not with the page. */
const SessionStats = lazy(() => import('./SessionStats').then((m) => ({ default: m.SessionStats })))

/** Props of `GameFrame`. */
export interface GameFrameProps<V> {
  /** Test ids read `<game>.round`, `<game>.connection`, `<game>.area`, `<game>.canvas-status`. */
  game: string
  /**
   * Makes the game's scene (see `CanvasHost`); a promise when the page loads the scene's code after
   * its first frame, as `import('../scene/CrashScene').then(...)`.
   */
  createScene: () => Scene<V> | Promise<Scene<V>>
  /** What the scene draws (plain data); a new object with the same content is not a change. */
  view: V
  /** The drawing's accessible name, translated. */
  label: string
  roundId: string | null
  connection: ConnectionState
  /** The player's controls, beside the canvas (below it on narrow screens). */
  panel: ReactNode
  /**
   * Controls laid over the canvas (keno: the buttons on its tiles). The layer lets pointer events
   * through: the game's controls take them back with `pointer-events: auto`.
   */
  overlay?: ReactNode
}

/**
 * The view the scene last got, while the new one has the same content: a layout builds its view
 * afresh on every render, and the canvas should redraw only when what it shows changed. (The
 * previous value is kept in state, React's pattern for what depends on the last render.)
 */
function useStableView<V>(view: V): V {
  const key = JSON.stringify(view)
  const [kept, setKept] = useState({ key, view })
  if (kept.key === key) return kept.view
  setKept({ key, view })
  return view
}

/**
 * The game's area, the same for every game: the canvas with the round and the connection over
 * it and the tools (sound, statistics, full screen) in its corner (under it on a phone), a
 * loading state until the scene draws and a retry if it fails, the controls beside it, and the
 * session statistics when opened. The area is what goes full screen.
 */
export function GameFrame<V>(props: GameFrameProps<V>) {
  const t = useKitText(props.game)
  const { game } = props
  const area = useRef<HTMLDivElement>(null)
  const screen = useFullscreen(area)
  const [status, setStatus] = useState<CanvasStatus>('loading')
  // A new key remounts the canvas host: the retry after a scene that failed to load.
  const [attempt, setAttempt] = useState(0)
  const session = useGameSessionContext()
  const [statsOpen, setStatsOpen] = useState(false)
  const statsId = useId()
  const round = props.roundId === null ? null : roundName(props.roundId)
  const view = useStableView(props.view)
  return (
    <div
      ref={area}
      className={`game__main${screen.mode === 'theatre' ? ' game__main--theatre' : ''}`}
      data-testid={`${game}.area`}
      data-screen={screen.mode}
    >
      {/* The canvas and its tools: laid over its corner from 900 px, in a row under it on a phone,
          where the corner is part of what the scene shows (crash's curve, the case strip). */}
      <div className="game__stage">
        <CanvasHost
          key={attempt}
          className="game__canvas"
          createScene={props.createScene}
          snapshot={view}
          label={props.label}
          onStatus={setStatus}
        >
          <div className="game__overlay">
            <span className="game__round" data-testid={`${game}.round`}>
              {round === null
                ? ''
                : round.kind === 'bet'
                  ? t('kit:bet', { bet: round.name })
                  : t('kit:round', { round: round.name })}
            </span>
            <ConnectionBadge game={game} state={props.connection} />
          </div>
          {props.overlay}
          {status === 'ready' ? null : (
            <div
              className="game__status"
              data-testid={`${game}.canvas-status`}
              data-status={status}
              role={status === 'failed' ? 'alert' : 'status'}
            >
              {status === 'failed' ? (
                <>
                  <p>{t('kit:canvas.failed')}</p>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => setAttempt((n) => n + 1)}
                  >
                    {t('kit:canvas.retry')}
                  </button>
                </>
              ) : (
                <p>
                  <span className="game__spinner" aria-hidden="true" />
                  {t('kit:canvas.loading')}
                </p>
              )}
            </div>
          )}
        </CanvasHost>
        <GameTools
          game={game}
          screen={screen}
          {...(session?.currency
            ? {
                stats: {
                  open: statsOpen,
                  panelId: statsId,
                  toggle: () => setStatsOpen((open) => !open),
                },
              }
            : {})}
        />
      </div>
      {props.panel}
      {session?.currency && statsOpen ? (
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          <SessionStats
            game={game}
            id={statsId}
            bets={session.bets}
            currency={session.currency}
            locale={session.locale}
            onReset={session.reset}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
