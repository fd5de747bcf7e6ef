import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { cssColour, PLAYER_PALETTE } from '../scene/palette'

/**
 * The library loads after the room's first frame, in a chunk of its own: the players' list
 * shows the neutral picture until then, and the room's route keeps its byte budget.
 */
const Avatar = lazy(() => import('boring-avatars'))

/** The avatars' colours: five of the players' palette, so avatars sit with the wheel. */
const AVATAR_COLOURS = [0, 2, 4, 6, 11].map((i) => cssColour(i % PLAYER_PALETTE.length))

/**
 * A player's small picture, generated from their public name (boring-avatars' "beam": the same
 * name draws the same face on every device, with nothing fetched). A player who hides their
 * avatar or their statistics gets the neutral one: nothing of it comes from who they are.
 */
export function PlayerAvatar({ name, hidden }: { name: string | null; hidden: boolean }) {
  const { t } = useTranslation()
  const neutral = (
    <span
      className="rooms-avatar rooms-avatar--hidden"
      role="img"
      aria-label={t('rooms:players.hidden')}
      data-testid="rooms.avatar"
      data-hidden="true"
    />
  )
  if (name === null || hidden) return neutral
  return (
    <Suspense fallback={neutral}>
      <span className="rooms-avatar" data-testid="rooms.avatar" data-hidden="false">
        <Avatar variant="beam" name={name} colors={AVATAR_COLOURS} size={24} title={false} />
      </span>
    </Suspense>
  )
}
