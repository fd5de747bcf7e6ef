/**
 * `npm run record -- rooms`: records a whole red RUB round of the rooms from the reference server
 * into tests/recordings, as two sockets on `/rooms` saw it: the demo player's (stream, commands,
 * acks and inputs: `rooms-round.json`) and a guest's, who only watches (`rooms-round.guest.json`).
 * The player buys 3 tickets; a second player (a socket of its own, not recorded) buys 2, which
 * starts the countdown (3 s here, as the other recordings' betting windows are short); the server
 * draws and, after its pause, opens the next round. The draw is the server's: nothing fixes it.
 */
import { io as connectSocket } from 'socket.io-client'
import { createActor } from 'xstate'
import type { Minor } from '../games/engine/money'
import type { Recording } from '../games/engine/replay'
import { roomsWire, ROOMS_PROTOCOL_VERSION, type CommandKey } from '../games/rooms/protocol'
import { roomsRoundMachine } from '../games/rooms/round.machine'
import { ROOMS } from '../games/rooms/rules'
import { replayRoomsGuest, replayRoomsPlayer, summary } from '../games/rooms/round.replay'
import { roomEvent, roomsCommandActors, ROOMS_NAMESPACE } from '../games/rooms/stream'
import type { UserId } from '../server/games/kit/player'
import { roomsModule } from '../server/games/rooms'
import {
  connectLive,
  expectSameEnd,
  recordedPlayer,
  waitStep,
  withRecordingServer,
  type RecordingSession,
} from './recordServer'

/** The rooms scenarios, by the name `npm run record` takes. */
export const ROOMS_SCENARIOS = {
  rooms: {
    file: 'rooms-round.json',
    guestFile: 'rooms-round.guest.json',
    description:
      'Live: a red RUB round: the player buys 3 tickets, a second player buys 2 and starts the ' +
      '3 s countdown, the round is drawn and the next one opens.',
  },
} as const

/** A rooms scenario's name. */
export type RoomsScenarioName = keyof typeof ROOMS_SCENARIOS

/** A recorded session of more than one socket: the main file's and those written beside it. */
export interface RecordedSockets {
  readonly recording: Recording
  /** Each other socket's recording by its file name, written in the main file's folder. */
  readonly beside: Readonly<Record<string, Recording>>
}

const ROOM = 'red'
/** The countdown of the recording server: short, so the session takes seconds. */
const COUNTDOWN_MS = 3000
/** Between the draw and the next round: longer than the client's spin (5 s), as the page expects. */
const PAUSE_MS = 8000
const TIMEOUT_MS = 30_000

/** A second player with RUB to buy with, signed in (its socket is not recorded). */
async function secondPlayer(server: RecordingSession): Promise<string> {
  const { db, ledger, sessions } = server.services
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (email, register_method, currency, name) VALUES ($1, 'email', 'RUB', $2) RETURNING id`,
    ['rooms-rival@tessera.test', 'Rival'],
  )
  const userId = rows[0]!.id as UserId
  await ledger.deposit({ userId, currency: 'RUB', amount: 10_000 as Minor, key: 'rec-rooms-rival' })
  return (await sessions.create(userId)).token
}

/** Starts the server, plays the round and returns the recordings (not yet written). */
export async function recordRoomsScenario(name: RoomsScenarioName): Promise<RecordedSockets> {
  const scenario = ROOMS_SCENARIOS[name]
  const game = roomsModule({
    // A socket watches its currency's three rooms, so all three run; the player plays red.
    loops: ROOMS.map((room) => ({ room, currency: 'RUB' as const })),
    countdownMs: COUNTDOWN_MS,
    pauseMs: PAUSE_MS,
  })
  return withRecordingServer({ game }, async (server) => {
    const machine = (input: { currency: 'RUB' | null; balance: Minor | null }) =>
      connectLive(server, {
        service: 'general',
        description: scenario.description,
        wire: roomsWire,
        namespace: ROOMS_NAMESPACE,
        // The guest's socket is its own: no token, and the server named by another origin.
        ...(input.currency === null
          ? { token: null, url: server.origin.replace('127.0.0.1', 'localhost') }
          : {}),
        start: (transport) => {
          const actor = createActor(
            roomsRoundMachine.provide({ actors: roomsCommandActors(transport) }),
            { input: { room: ROOM, ...input } },
          ).start()
          const toRoom = roomEvent(ROOM)
          // The stream hands every room's events; the page's machine hears its room's only.
          return {
            actor,
            send: (event: Parameters<typeof toRoom>[0]) => {
              const mapped = toRoom(event)
              if (mapped) actor.send(mapped)
            },
            stop: () => actor.stop(),
          }
        },
      })
    if (server.currency !== 'RUB') throw new Error('[record] the demo player plays RUB')
    const guest = machine({ currency: null, balance: null })
    const player = machine({ currency: 'RUB', balance: server.balance })
    const [guestRound, playerRound] = [guest.machines.actor, player.machines.actor]
    for (const [who, actor] of [
      ['guest', guestRound],
      ['player', playerRound],
    ] as const) {
      await waitStep(
        actor,
        (s) => s.matches({ round: 'open' }) && s.context.round?.tickets === 0,
        `the ${who}'s snapshot of an empty round`,
        TIMEOUT_MS,
      )
    }
    const firstRound = playerRound.getSnapshot().context.round!.id
    const me = recordedPlayer(player, playerRound)
    me.send({
      type: 'BUY',
      key: 'rec-rooms-buy-0001' as CommandKey,
      count: 3,
      clientSeed: 'rec-mine',
    })
    await me.until(
      (s) => s.context.lastPurchase !== null && s.matches({ player: 'idle' }),
      'the ack',
    )
    await me.until((s) => s.context.round?.tickets === 3, 'the player’s tickets on the list')

    // The second player's purchase: its own socket, its ack read as the protocol's.
    const rival = connectSocket(`${server.origin}${ROOMS_NAMESPACE}`, {
      auth: { token: await secondPlayer(server) },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    })
    server.cleanups.unshift(() => rival.close())
    const ack = roomsWire.parseAck(
      'buy',
      await rival.timeout(TIMEOUT_MS).emitWithAck('buy', {
        type: 'buy',
        v: ROOMS_PROTOCOL_VERSION,
        key: 'rec-rooms-rival-0001',
        room: ROOM,
        currency: 'RUB',
        count: 2,
        clientSeed: 'rec-rival',
      }),
    )
    if (ack.type !== 'ok') throw new Error(`[record] the second purchase failed: ${ack.code}`)

    // Both watch the countdown, the draw and the next round at once (the phases each passed are
    // checked by the replay of its file).
    const through = async (who: string, actor: typeof playerRound) => {
      await waitStep(actor, (s) => s.matches({ round: 'countdown' }), `${who}: countdown`)
      await waitStep(actor, (s) => s.matches({ round: { drawing: 'announced' } }), `${who}: winner`)
      await waitStep(
        actor,
        (s) => s.matches({ round: 'open' }) && s.context.round?.id !== firstRound,
        `${who}: the next round`,
      )
    }
    await Promise.all([through('guest', guestRound), through('player', playerRound)])
    const recording = player.recording()
    const guestRecording = guest.recording()
    expectSameEnd(
      summary(playerRound.getSnapshot().context),
      summary((await replayRoomsPlayer(recording, ROOM)).context),
    )
    expectSameEnd(
      summary(guestRound.getSnapshot().context),
      summary((await replayRoomsGuest(guestRecording, ROOM)).context),
    )
    return { recording, beside: { [scenario.guestFile]: guestRecording } }
  })
}
