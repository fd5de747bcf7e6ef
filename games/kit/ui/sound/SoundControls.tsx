import { useKitText } from '../kitText'
import { useSoundSettings } from './soundSettings'

/** The mute switch and the volume slider (`<game>.mute`, `<game>.volume`), kept across visits. */
export function SoundControls({ game }: { game: string }) {
  const t = useKitText(game)
  const { muted, volume, setMuted, setVolume } = useSoundSettings()
  return (
    <div className="game-tools__sound">
      <button
        type="button"
        className="game-tools__button"
        data-testid={`${game}.mute`}
        aria-pressed={muted}
        aria-label={t('kit:sound.mute')}
        title={t('kit:sound.mute')}
        onClick={() => setMuted(!muted)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20" fill="none">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {muted ? (
            <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path
              d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
              stroke="currentColor"
              strokeWidth="2"
            />
          )}
        </svg>
      </button>
      <input
        type="range"
        className="game-tools__volume"
        data-testid={`${game}.volume`}
        min={0}
        max={100}
        step={5}
        value={Math.round(volume * 100)}
        disabled={muted}
        aria-label={t('kit:sound.volume')}
        onChange={(event) => setVolume(Number(event.target.value) / 100)}
      />
    </div>
  )
}
