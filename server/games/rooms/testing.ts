/**
 * Test support for the rooms server (used by *.test.ts only): a recording emitter, a room's loop
 * on fake time, and `buy` commands.
 */
import type { Currency } from '../../../games/engine/money'
import { ROOMS_PROTOCOL_VERSION, type CommandKey } from '../../../games/rooms/protocol'
import type { Room } from '../../../games/rooms/rules'
import type { Services } from '../../services'
import { fakeScheduler, type FakeScheduler } from '../kit/scheduler'
import type { UserId } from '../kit/player'
import type { BuyCommand } from './commands'
import { RoomLoop, type RoomLoopOptions, type RoomsEmitter, type RoomsPublic } from './RoomLoop'

/** 2026-01-01T00:00:00Z: fake time starts here. */
export const T0 = 1_767_225_600_000
export const PAUSE_MS = 3000
export const FLUSH_MS = 600

/** An emitter that keeps what it was given. */
export class RecordingRooms implements RoomsEmitter {
  readonly events: RoomsPublic[] = []
  broadcast(event: RoomsPublic): void {
    this.events.push(event)
  }
  toUser(_userId: UserId, _event: never): void {}
  ofType<T extends RoomsPublic['type']>(type: T): Extract<RoomsPublic, { type: T }>[] {
    return this.events.filter((e): e is Extract<RoomsPublic, { type: T }> => e.type === type)
  }
}

/** A room's loop on fake time over `services`. */
export async function startTestRoom(
  services: Pick<Services, 'db' | 'ledger' | 'privacy'>,
  overrides: Partial<RoomLoopOptions> = {},
  clock: FakeScheduler = fakeScheduler(T0),
) {
  const emitter = new RecordingRooms()
  const room = await RoomLoop.start({
    db: services.db,
    ledger: services.ledger,
    privacy: services.privacy,
    room: 'red',
    currency: 'RUB',
    emitter,
    scheduler: clock,
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    pauseMs: PAUSE_MS,
    flushMs: FLUSH_MS,
    ...overrides,
  })
  /** Moves fake time, letting every write a timer starts finish before the next timer. */
  const advance = (ms: number) => clock.advance(ms, () => room.idle())
  return { room, clock, emitter, advance }
}

/** A fresh command key. */
export function newKey(): CommandKey {
  return `k-${crypto.randomUUID()}` as CommandKey
}

/** A `buy` of `count` tickets with a fresh (or the given) key. */
export function buyCommand(
  count: number,
  opts: { key?: string; room?: Room; currency?: Currency; clientSeed?: string } = {},
): BuyCommand {
  return {
    type: 'buy',
    v: ROOMS_PROTOCOL_VERSION,
    key: (opts.key ?? newKey()) as CommandKey,
    room: opts.room ?? 'red',
    currency: opts.currency ?? 'RUB',
    count,
    clientSeed: opts.clientSeed ?? 'lucky seed',
  } as BuyCommand
}
