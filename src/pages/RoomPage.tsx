import { useNavigate, useSearch } from '@tanstack/react-router'
import { parseRoomSearch, RoomGame, type Room, type RoundId } from '../../games/rooms'
import { useDropSearchParam } from './dropSearchParam'
import { GamePageFrame } from './GamePageFrame'
import { useShellGameProps } from './gamePageProps'

/**
 * /games/rooms/<room>: one room live, full width. Guests watch the default currency's round; a
 * signed-in player buys in their own. `?round=<id>` opens that draw's proof.
 */
function RoomPage({ room, id }: { room: Room; id: string }) {
  const shell = useShellGameProps('general')
  const proofRound = parseRoomSearch(useSearch({ strict: false })).round
  const onProofClosed = useDropSearchParam('round')
  const navigate = useNavigate()
  const onOpenProof = (round: RoundId) =>
    void navigate({ to: '.', search: (prev: object) => ({ ...prev, round }) })
  return (
    <GamePageFrame id={id}>
      {shell !== null && (
        <RoomGame
          {...shell.props}
          key={shell.key}
          room={room}
          proofRound={proofRound}
          onProofClosed={onProofClosed}
          onOpenProof={onOpenProof}
        />
      )}
    </GamePageFrame>
  )
}

/** The red room's page. */
export const RoomRedPage = () => <RoomPage room="red" id="roomRed" />
/** The yellow room's page. */
export const RoomYellowPage = () => <RoomPage room="yellow" id="roomYellow" />
/** The purple room's page. */
export const RoomPurplePage = () => <RoomPage room="purple" id="roomPurple" />
