import type { ScreenMode } from './useFullscreen'
import { useKitText } from './kitText'
import { SoundControls } from './sound/SoundControls'

/** Props of `GameTools`. */
export interface GameToolsProps {
  /** Test ids read `<game>.mute`, `<game>.volume`, `<game>.stats-toggle`, `<game>.fullscreen`. */
  game: string
  screen: { mode: ScreenMode; toggle: () => void }
  /** The statistics panel's toggle; absent where the page keeps no session. */
  stats?: { open: boolean; panelId: string; toggle: () => void }
}

/**
 * The row of tools over a game's canvas, the same on every game: sound (mute, volume), the
 * session statistics, full screen.
 */
export function GameTools({ game, screen, stats }: GameToolsProps) {
  const t = useKitText(game)
  const inFullscreen = screen.mode !== 'normal'
  return (
    <div className="game-tools" role="toolbar" aria-label={t('kit:tools.label')}>
      <SoundControls game={game} />
      {stats ? (
        <button
          type="button"
          className="game-tools__button"
          data-testid={`${game}.stats-toggle`}
          aria-expanded={stats.open}
          aria-controls={stats.open ? stats.panelId : undefined}
          aria-label={t('kit:stats.toggle')}
          title={t('kit:stats.toggle')}
          onClick={stats.toggle}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
            <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      ) : null}
      <button
        type="button"
        className="game-tools__button"
        data-testid={`${game}.fullscreen`}
        data-mode={screen.mode}
        aria-pressed={inFullscreen}
        aria-label={t('kit:fullscreen.label')}
        title={t(inFullscreen ? 'kit:fullscreen.exit' : 'kit:fullscreen.enter')}
        onClick={screen.toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20" fill="none">
          <path
            d={
              inFullscreen
                ? 'M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6'
                : 'M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6'
            }
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
    </div>
  )
}
