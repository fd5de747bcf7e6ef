/** What a room's loop is started with (RoomLoop.ts), and its name. */
import type { Currency } from '../../../games/engine/money'
import type { ServerEvent } from '../../../games/rooms/protocol'
import type { Room } from '../../../games/rooms/rules'
import type { Db } from '../../db/db'
import type { Ledger } from '../../ledger/ledger'
import type { TestHooks } from '../../testHooks'
import type { GameLog } from '../kit/log'
import type { GameEmitter } from '../kit/namespace'
import type { FeedPrivacy } from '../kit/privacy'
import type { Scheduler } from '../kit/scheduler'

/** What every watcher of the room and currency is told. */
export type RoomsPublic = Extract<
  ServerEvent,
  { type: 'opened' | 'tickets' | 'countdown' | 'drawn' }
>

/** Where a room's events go: its channel in production, an array in tests. */
export type RoomsEmitter = GameEmitter<RoomsPublic, never>

/** Options of {@link RoomLoop.start}. */
export interface RoomLoopOptions {
  db: Db
  ledger: Ledger
  room: Room
  currency: Currency
  emitter: RoomsEmitter
  privacy: FeedPrivacy
  scheduler?: Scheduler
  log: GameLog
  /** Between a draw and the next round's opening. */
  pauseMs?: number
  /**
   * How often a batch of tickets goes out. A socket watches the three rooms of its currency, so
   * 600 ms keeps it under 5 messages a second however fast tickets sell.
   */
  flushMs?: number
  /** The countdown's length (the rules' 60 s; tests may shorten it). */
  countdownMs?: number
  /** The operator's beacon value at a close, or null to draw without one. */
  beacon?: () => Promise<string | null>
  /** The operator closed this room in this currency: its round is refunded, none opens. */
  closed?: boolean
  testHooks?: TestHooks | null
}

/** The loop's name in log lines and test hooks: `rooms-red-RUB`. */
export function loopName(room: Room, currency: Currency): string {
  return `rooms-${room}-${currency}`
}
