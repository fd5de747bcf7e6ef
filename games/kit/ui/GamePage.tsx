import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import type { Minor } from '../../engine/money'
import type { ConnectionState } from '../../engine/stream'
import { streamTransport } from '../stream/connectGameStream'
import type { GameModule, GamePageProps } from './gameModule'
// In this order: the auto-bet form and the tables refine kit.css's panel rules of equal weight.
import './kit.css'
import './autoBet.css'
import './betsTables.css'
import './dialog.css'
import { useKitText } from './kitText'
import { GameSessionContext, useGameSession } from './gameSession'
import { streamTap } from './streamTap'

const CONNECTING: ConnectionState = { status: 'connecting', rttMs: null, resyncing: false }

/** Props of `GamePage`: the shell's, the game's own, and the game. */
export type GamePageOf<M extends AnyStateMachine, Extra extends object> = GamePageProps &
  Extra & { game: GameModule<M, Extra> }

/**
 * Any game's page: its round machine fed by its stream, the connection state for the badge,
 * every balance and error the machine reports passed to the shell, and the game's layout.
 */
export function GamePage<M extends AnyStateMachine, Extra extends object>(
  props: GamePageOf<M, Extra>,
) {
  const t = useKitText(props.game.id)
  const { game, player, serviceUrl, getToken } = props
  const [link] = useState(streamTransport)
  const actor = useActorRef(game.machine(link.transport), { input: game.input(player) })
  // The layout's late parts (a stateful game's auto-bet) hear the stream through the tap.
  const [tap] = useState(() => streamTap(link.transport))
  const snapshot = useSelector(actor, (s) => s)
  const [connection, setConnection] = useState<ConnectionState>(CONNECTING)
  useEffect(() => {
    const inbox = {
      send: (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event)
        tap.send(event)
      },
    }
    const opened = game.connect({ url: serviceUrl, getToken, inbox })
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

  const balance = game.hooks.balance(snapshot)
  // Only a change of the game's balance is reported: re-renders must not push an older value
  // over one the shell got elsewhere (a deposit, say).
  const reportBalance = useEffectEvent((value: Minor) => {
    if (props.player) props.onBalance?.(value)
  })
  useEffect(() => {
    if (balance !== null) reportBalance(balance)
  }, [balance])

  const errorKey = game.hooks.errorKey(snapshot)
  const onError = props.onError
  const reported = useRef<string | null>(null)
  useEffect(() => {
    if (errorKey && errorKey !== reported.current) onError?.(t(errorKey))
    reported.current = errorKey
  }, [errorKey, onError, t])

  const frame = game.hooks.frame(snapshot)
  const session = useGameSession(
    game.hooks.settled?.(snapshot) ?? null,
    player?.currency ?? null,
    props.locale,
  )
  const { Layout } = game
  return (
    <div
      className={`game ${game.id}`}
      data-testid={`${game.id}.game`}
      data-round-id={frame.roundId ?? ''}
      data-phase={frame.phase}
    >
      <GameSessionContext value={game.hooks.settled ? session : null}>
        <Layout {...props} actor={actor} snapshot={snapshot} connection={connection} stream={tap} />
      </GameSessionContext>
    </div>
  )
}
