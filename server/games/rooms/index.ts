/**
 * The rooms' module (kit/module.ts): one `/rooms` namespace on the `general` service for the
 * three rooms, and one live loop per room and currency, each led by its own advisory lock
 * (`live:rooms:<room>:<currency>`, kit/live/module.ts), each on its own channel; a drawn round's
 * proof route and the purchases' page of the bet history.
 */
import type { BetHistoryItem } from '../../../contract'
import { CURRENCIES, type Currency } from '../../../games/engine/money'
import { roomsWire as roomsProtocol, ROOMS_PROTOCOL_VERSION } from '../../../games/rooms/protocol'
import { ROOMS, type Room } from '../../../games/rooms/rules'
import { startLiveLoops, type LiveLoopsRuntime } from '../kit/live/module'
import type { GameModule } from '../kit/module'
import { channelEmitter } from '../kit/namespace'
import type { Scheduler } from '../kit/scheduler'
import { beaconReader } from './beacon'
import { roomsHistory } from './history'
import { loopName, RoomLoop, type RoomLoopOptions, type RoomsPublic } from './RoomLoop'
import { roomsRoutes } from './routes'
import { roomsSnapshot } from './snapshot'
import { roomsWire, watchedCurrency } from './wire'
import { loopKey, ROOMS_GAME_ID } from './view'

/** Loop options a start may set (timings, scheduler), for tests and tools. */
export type RoomsModuleOptions = Partial<
  Pick<RoomLoopOptions, 'pauseMs' | 'flushMs' | 'countdownMs' | 'scheduler' | 'beacon'>
> & {
  /** The rooms and currencies to run (all by default). */
  loops?: readonly { room: Room; currency: Currency }[]
  /** The clock of the leaderships' retries. */
  leaderScheduler?: Scheduler
}

/** The running rooms: each loop this process leads, by room and currency (null elsewhere). */
export type RoomsRuntime = LiveLoopsRuntime<RoomLoop>

const ALL_LOOPS = ROOMS.flatMap((room) => CURRENCIES.map((currency) => ({ room, currency })))

/** The rooms module; `options` are for tests (the server starts it with none). */
export function roomsModule(
  options: RoomsModuleOptions = {},
): GameModule<RoomsRuntime, 'general', BetHistoryItem> {
  const loops = options.loops ?? ALL_LOOPS
  const byKey = new Map(loops.map((l) => [loopKey(l.room, l.currency), l]))
  return {
    id: ROOMS_GAME_ID,
    service: 'general',
    namespace: '/rooms',
    protocol: {
      version: ROOMS_PROTOCOL_VERSION,
      events: roomsProtocol.eventNames,
      commands: roomsProtocol.commandNames,
    },
    async start(context) {
      const { services, nsp, log } = context
      const closed = new Set(services.config.rooms.closed)
      const beacon = options.beacon ?? beaconReader(services.config.rooms.beaconUrl, log)
      return startLiveLoops<RoomLoop>(context, {
        game: ROOMS_GAME_ID,
        loops: [...byKey.keys()],
        start: (key) => {
          const { room, currency } = byKey.get(key)!
          const channel = channelEmitter<RoomsPublic, never>(nsp, key)
          return RoomLoop.start({
            ...options,
            db: services.db,
            ledger: services.ledger,
            room,
            currency,
            emitter: services.testHooks
              ? services.testHooks.emitter(loopName(room, currency), channel)
              : channel,
            privacy: services.privacy,
            log,
            closed: closed.has(`${room}:${currency}`),
            ...(services.config.rooms.countdownMs !== null && options.countdownMs === undefined
              ? { countdownMs: services.config.rooms.countdownMs }
              : {}),
            testHooks: services.testHooks,
            ...(beacon ? { beacon } : {}),
          })
        },
        stop: (loop) => loop.stop(),
        wire: (loop) =>
          roomsWire(loop, (user) =>
            roomsSnapshot({
              db: services.db,
              ledger: services.ledger,
              privacy: services.privacy,
              currency: watchedCurrency(user),
              user,
              serverTime: () => Date.now(),
            }),
          ),
        route: (name, command) => {
          const cmd = command as { room?: Room; currency?: Currency }
          return name === 'buy' && cmd.room && cmd.currency ? loopKey(cmd.room, cmd.currency) : null
        },
        snapshotHere: true,
        ...(options.leaderScheduler ? { scheduler: options.leaderScheduler } : {}),
      })
    },
    routes: roomsRoutes,
    history: roomsHistory,
  }
}
