import { useEffect, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type MoneyLocale } from '../../engine/money'
import { msUntil } from '../../kit/live/clock'
import { connectGameStream } from '../../kit/stream/connectGameStream'
import { overviewAfter, playersIn, type RoomGlance } from '../overview'
import { roomsWire } from '../protocol'
import { ROOMS, type Room } from '../rules'
import { ROOMS_NAMESPACE } from '../stream'
import { useNow } from './useNow'
// The page's title and the kit's page styles come with the kit's sheet, as on every game page.
import '../../kit/ui/kit.css'
import './rooms.css'

/** Each room's name (written out, so the key check sees every key used). */
const ROOM_NAME_KEYS = {
  red: 'rooms:room.red',
  yellow: 'rooms:room.yellow',
  purple: 'rooms:room.purple',
} as const satisfies Record<Room, string>

/** Props of `RoomsLobby`. */
export interface RoomsLobbyProps {
  serviceUrl: string
  getToken: () => string | null
  locale: MoneyLocale
  /** The address of a room's page in the page's language. */
  roomHref: (room: Room) => string
  /** Opens a room's page in place (a plain click); a modified click follows the link. */
  openRoom: (room: Room) => void
}

/**
 * /games/rooms: the three rooms live (pot, players, time left, last winner), each a link to its
 * room. It watches the rooms' stream (the player's currency, a guest's the default) and sends
 * nothing.
 */
export function RoomsLobby(props: RoomsLobbyProps) {
  const { t } = useTranslation()
  const [overview, apply] = useReducer(overviewAfter, null)
  const [clockOffset, setClockOffset] = useState<number | null>(null)
  useEffect(() => {
    const opened = connectGameStream({
      wire: roomsWire,
      url: props.serviceUrl,
      namespace: ROOMS_NAMESPACE,
      getToken: props.getToken,
      inbox: {
        send: (event) => {
          if (event.type === 'CONNECTED' || event.type === 'CLOCK')
            setClockOffset(event.clockOffset)
          apply(event)
        },
      },
    })
    return opened.stop
  }, [props.serviceUrl, props.getToken])
  const counting = ROOMS.some((room) => overview?.[room].round.status === 'counting')
  const now = useNow(counting)

  const line = (room: Room, glance: RoomGlance) => {
    const { round, lastDraw } = glance
    const money = (value: number) => formatMoney(value as never, round.currency, props.locale)
    const seconds =
      round.countdownEndsAt !== null && clockOffset !== null && round.status === 'counting'
        ? Math.ceil(msUntil(round.countdownEndsAt, clockOffset, now) / 1000)
        : null
    return (
      <>
        <h2>{t(ROOM_NAME_KEYS[room])}</h2>
        <p data-testid="rooms.lobby-pot">{t('rooms:state.pot', { amount: money(round.pot) })}</p>
        <p data-testid="rooms.lobby-players">
          {t('rooms:lobby.players', { count: playersIn(round) })}
        </p>
        <p data-testid="rooms.lobby-time">
          {seconds !== null
            ? t('rooms:state.countdown', { seconds })
            : round.status === 'drawn'
              ? t('rooms:state.drawing')
              : t('rooms:state.waiting')}
        </p>
        <p data-testid="rooms.lobby-winner">
          {lastDraw
            ? t('rooms:lobby.lastWinner', {
                name: lastDraw.winner.player ?? t('rooms:players.hidden'),
                amount: money(lastDraw.payout),
              })
            : t('rooms:history.empty')}
        </p>
      </>
    )
  }

  return (
    <ul className="rooms-lobby" data-testid="rooms.lobby" aria-busy={overview === null}>
      {ROOMS.map((room) => (
        <li key={room}>
          <a
            className={`rooms-lobby__room rooms-lobby__room--${room}`}
            href={props.roomHref(room)}
            data-testid={`rooms.lobby-${room}`}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
              event.preventDefault()
              props.openRoom(room)
            }}
          >
            {overview ? line(room, overview[room]) : <h2>{t(ROOM_NAME_KEYS[room])}</h2>}
          </a>
        </li>
      ))}
    </ul>
  )
}
