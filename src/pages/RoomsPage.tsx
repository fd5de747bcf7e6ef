import { useRouter } from '@tanstack/react-router'
import { RoomsLobby, type Room } from '../../games/rooms'
import { GamePageFrame } from './GamePageFrame'
import { useShellGameProps } from './gamePageProps'

/** /games/rooms: the three rooms live, each a link to its page. */
export function RoomsPage() {
  const shell = useShellGameProps('general')
  const router = useRouter()
  const path = (room: Room) => `/games/rooms/${room}`
  return (
    <GamePageFrame id="rooms">
      {shell !== null && (
        <RoomsLobby
          key={shell.key}
          serviceUrl={shell.props.serviceUrl}
          getToken={shell.props.getToken}
          locale={shell.props.locale}
          roomHref={(room) => router.buildLocation({ to: path(room) }).publicHref}
          openRoom={(room) => void router.navigate({ to: path(room) })}
        />
      )}
    </GamePageFrame>
  )
}
