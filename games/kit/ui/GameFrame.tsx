import { useState, type ReactNode } from 'react'
import { CanvasHost } from '../../engine/canvas'
import type { Scene } from '../../engine/canvas'
import type { ConnectionState } from '../../engine/stream'
import { ConnectionBadge } from './ConnectionBadge'
import { useKitText } from './kitText'

/** Props of `GameFrame`. */
export interface GameFrameProps<V> {
  /** Test ids read `<game>.round` and `<game>.connection`. */
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

/** The game's canvas with the round and the connection over it, and the controls beside it. */
export function GameFrame<V>(props: GameFrameProps<V>) {
  const t = useKitText(props.game)
  const { game } = props
  const view = useStableView(props.view)
  return (
    <div className="game__main">
      <CanvasHost
        className="game__canvas"
        createScene={props.createScene}
        snapshot={view}
        label={props.label}
      >
        <div className="game__overlay">
          <span className="game__round" data-testid={`${game}.round`}>
            {t('kit:round', { round: props.roundId ?? '—' })}
          </span>
          <ConnectionBadge game={game} state={props.connection} />
        </div>
      </CanvasHost>
      {props.panel}
    </div>
  )
}
