import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { REDUCED_MOTION_QUERY } from '../../engine/canvas/platform'
import { formatMoney, type Minor } from '../../engine/money'
import { msUntil } from '../../kit/live/clock'
import { newCommandKey } from '../../kit/stream/commandKey'
import { connectGameStream } from '../../kit/stream/connectGameStream'
import { GameFrame } from '../../kit/ui/GameFrame'
import type { GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { useGameSound } from '../../kit/ui/sound/useGameSound'
import { roomsWire, type RoundId } from '../protocol'
import { DRAW_SPIN_MS, roomsRoundMachine } from '../round.machine'
import { myTickets } from '../round.model'
import type { Room } from '../rules'
import { toWheelView, type WheelLabels } from '../scene/wheelView'
import { ROOMS_NAMESPACE, roomEvent, roomsCommandActors } from '../stream'
import { BuyPanel } from './BuyPanel'
import { DrawHistory } from './DrawHistory'
import { PlayersList } from './PlayersList'
import { roomPageHooks } from './roomHooks'
import { RoomProofDialog } from './RoomProofDialog'
import { roundProofLoader, type LoadRoundProof } from './roundProof'
import { newPurchaseSeed } from './purchaseSeed'
import { useNow } from './useNow'
import './rooms.css'

/** The wheel's code (and Pixi with it) loads after the page's first frame. */
const loadWheelScene = () => import('../scene/WheelScene').then((m) => new m.WheelScene())

/** A room page's own props, besides every game's. */
export interface RoomPageExtra {
  /** The draw whose proof is open (the page's `?round=`), or null. */
  proofRound?: RoundId | null
  /** Opens a draw's proof (the page sets `?round=`). */
  onOpenProof?: (round: RoundId) => void
  /** The player closed the proof; the page drops the parameter. */
  onProofClosed?: () => void
  /** The address of a draw's proof, for its link. */
  proofHref?: (round: RoundId) => string
  /**
   * How a draw the page cannot check alone is fetched; `roundProofLoader(serviceUrl)` by default
   * (tests pass a fake).
   */
  loadRoundProof?: LoadRoundProof
}

const noop = () => {}

/** Whole seconds left until `endsAt` (server time), ticking; null when there is none. */
function useSecondsLeft(endsAt: number | null, clockOffset: number): number | null {
  const now = useNow(endsAt !== null)
  return endsAt === null ? null : Math.ceil(msUntil(endsAt, clockOffset, now) / 1000)
}

/**
 * A room's page on the kit's frame: the round's pot and countdown, the wheel with the buy panel
 * beside it, the winner announced, the players with their chances, and the last draws with their
 * proofs. Guests watch the default currency's rounds and see the call to log in.
 */
function RoomLayout(props: GameLayoutProps<typeof roomsRoundMachine> & RoomPageExtra) {
  const { t } = useTranslation()
  const play = useGameSound()
  const { actor, snapshot, player, locale } = props
  const { context } = snapshot
  // Made once: a new loader on every render would make the open proof ask again.
  const [defaultLoader] = useState(() => roundProofLoader(props.serviceUrl))
  const round = context.round
  const currency = round?.currency ?? player?.currency ?? 'RUB'
  const money = (value: Minor) => formatMoney(value, currency, locale)
  const labels: WheelLabels = {
    connecting: t('rooms:state.connecting'),
    waiting: t('rooms:state.waiting'),
    winner: t('rooms:state.winnerShort', { name: '{{name}}' }),
    hidden: t('rooms:players.hidden'),
  }
  const view = toWheelView(snapshot, labels)
  const seconds = useSecondsLeft(
    view.phase === 'countdown' ? (round?.countdownEndsAt ?? null) : null,
    context.clockOffset,
  )
  const mine = myTickets(round, context.mine)
  const draw = round?.draw ?? null
  const won = draw !== null && context.mine.includes(draw.winner.purchaseId)

  // The draw sounds as the wheel starts, and its end as it stops: a win, or a loss for a player
  // who held tickets. Once per round, whatever re-renders.
  const sounded = useRef('')
  useEffect(() => {
    if (!round || (view.phase !== 'drawing' && view.phase !== 'announced')) return
    const key = `${round.id}:${view.phase}`
    if (sounded.current === key) return
    sounded.current = key
    if (view.phase === 'drawing') play('tick')
    else if (won) play('win')
    else if (mine > 0) play('loss')
  }, [round, view.phase, won, mine, play])

  const announcement =
    view.phase === 'announced' && draw
      ? won
        ? t('rooms:state.youWon', { amount: money(draw.payout) })
        : t('rooms:state.winner', {
            name: draw.winner.player ?? t('rooms:players.hidden'),
            amount: money(draw.payout),
            ticket: draw.winningTicket,
          })
      : ''
  const status =
    view.phase === 'countdown' && seconds !== null
      ? t('rooms:state.countdown', { seconds })
      : view.phase === 'open'
        ? t('rooms:state.waiting')
        : view.phase === 'drawing'
          ? t('rooms:state.drawing')
          : view.phase === 'connecting'
            ? t('rooms:state.connecting')
            : ''
  const buying =
    snapshot.matches({ player: 'buying' }) || snapshot.matches({ player: 'confirming' })
  const canBuy = view.phase === 'open' || view.phase === 'countdown'
  const proofDraw = props.proofRound
    ? context.history.find((d) => d.roundId === props.proofRound)
    : undefined

  return (
    <>
      <div className="rooms-round" data-testid="rooms.round-info">
        <p data-testid="rooms.pot">
          {t('rooms:state.pot', { amount: money(round?.pot ?? (0 as Minor)) })}
        </p>
        <p data-testid="rooms.status" data-phase={view.phase}>
          {status}
        </p>
        <p
          className="rooms-round__winner"
          data-testid="rooms.announcement"
          data-winning-ticket={announcement && draw ? draw.winningTicket : undefined}
          aria-live="polite"
        >
          {announcement}
        </p>
      </div>
      <GameFrame
        game="rooms"
        createScene={loadWheelScene}
        view={view}
        label={t('rooms:state.label', { round: round?.id ?? '—', state: announcement || status })}
        roundId={round?.id ?? null}
        connection={props.connection}
        panel={
          <BuyPanel
            currency={player ? (context.currency ?? player.currency) : null}
            price={round?.price ?? null}
            tickets={round?.tickets ?? 0}
            myTickets={mine}
            buying={buying}
            bought={
              context.lastPurchase
                ? { first: context.lastPurchase.firstTicket, last: context.lastPurchase.lastTicket }
                : null
            }
            canBuy={canBuy}
            error={context.lastError ? t(roomPageHooks.errorKey(snapshot) ?? '') : null}
            locale={locale}
            onBuy={(count) =>
              actor.send({
                type: 'BUY',
                key: newCommandKey(),
                count,
                clientSeed: newPurchaseSeed(),
              })
            }
          />
        }
      />
      <PlayersList
        purchases={round?.purchases ?? []}
        mine={context.mine}
        tickets={round?.tickets ?? 0}
        locale={locale}
      />
      <DrawHistory
        history={context.history}
        locale={locale}
        proofHref={props.proofHref ?? ((id) => `?round=${encodeURIComponent(id)}`)}
        onOpenProof={props.onOpenProof ?? noop}
      />
      {props.proofRound ? (
        <RoomProofDialog
          roundId={props.proofRound}
          draw={proofDraw}
          purchases={context.ticketLists[props.proofRound]}
          load={props.loadRoundProof ?? defaultLoader}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
    </>
  )
}

/** Whether the player asked for reduced motion (read when the page's machine starts). */
const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches

/** A room as a kit game module: its machine hears its own room of the socket's three. */
export function roomGameModule(room: Room): GameModule<typeof roomsRoundMachine, RoomPageExtra> {
  const toRoom = roomEvent(room)
  return {
    id: 'rooms',
    machine: (transport) => roomsRoundMachine.provide({ actors: roomsCommandActors(transport) }),
    input: (player) => ({
      room,
      currency: player?.currency ?? null,
      balance: player?.balance ?? null,
      // A player who asked for reduced motion sees no spin (the scene jumps to the winner), so
      // the winner is told at once rather than after a spin nobody sees.
      spinMs: prefersReducedMotion() ? 0 : DRAW_SPIN_MS,
    }),
    connect: ({ inbox, ...options }) =>
      connectGameStream({
        ...options,
        wire: roomsWire,
        namespace: ROOMS_NAMESPACE,
        inbox: {
          send: (event) => {
            const mine = toRoom(event)
            if (mine) inbox.send(mine)
          },
        },
      }),
    hooks: roomPageHooks,
    Layout: RoomLayout,
  }
}

const MODULES = {
  red: roomGameModule('red'),
  yellow: roomGameModule('yellow'),
  purple: roomGameModule('purple'),
} satisfies Record<Room, unknown>

/** Props of `RoomGame`. */
export type RoomGameProps = GamePageProps & RoomPageExtra & { room: Room }

/** A room's live page for the shell's /games/rooms/<room>. */
export function RoomGame({ room, ...props }: RoomGameProps) {
  return <GamePage game={MODULES[room]} {...props} />
}
