import { useTranslation } from 'react-i18next'

/**
 * A player's small picture. A hidden player (no public name) gets the neutral one: nothing about
 * them is drawn from anything they are.
 */
export function PlayerAvatar({ name }: { name: string | null }) {
  const { t } = useTranslation()
  return (
    <span
      className={`rooms-avatar${name === null ? ' rooms-avatar--hidden' : ''}`}
      role="img"
      aria-label={name === null ? t('rooms:players.hidden') : name}
      data-testid="rooms.avatar"
      data-hidden={name === null}
    />
  )
}
