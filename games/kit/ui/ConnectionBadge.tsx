import type { ConnectionState } from '../../engine/stream'
import { useKitText } from './kitText'

const CONNECTION_KEYS: Record<ConnectionState['status'], string> = {
  connecting: 'kit:connection.connecting',
  online: 'kit:connection.online',
  reconnecting: 'kit:connection.reconnecting',
  offline: 'kit:connection.offline',
}

/** Where the game's socket stands, with the round trip once measured (`<game>.connection`). */
export function ConnectionBadge({ game, state }: { game: string; state: ConnectionState }) {
  const t = useKitText(game)
  return (
    <span
      className={`game__badge game__badge--${state.status}`}
      data-testid={`${game}.connection`}
      data-status={state.status}
    >
      {t(CONNECTION_KEYS[state.status])}
      {state.rttMs !== null ? ` · ${t('kit:connection.ping', { ms: state.rttMs })}` : ''}
    </span>
  )
}
