/**
 * What the `/rooms` namespace serves, on the kit's plumbing (kit/namespace.ts): `buy` parsed with
 * the rooms' zod schema and run by the leader of its room and currency's loop, `sync` answered by
 * a snapshot, and each socket on the channels of its currency's three rooms.
 */
import { DEFAULT_CURRENCY, type Currency } from '../../../games/engine/money'
import { parseCommand, ROOMS_PROTOCOL_VERSION } from '../../../games/rooms/protocol'
import { ROOMS } from '../../../games/rooms/rules'
import type { GameWire } from '../kit/module'
import { command } from '../kit/namespace'
import type { Player } from '../kit/player'
import { refusal, type BuyCommand } from './commands'
import type { RoomLoop } from './RoomLoop'
import { loopKey } from './view'

/** The currency a socket watches: the player's; a guest's is the default. */
export function watchedCurrency(user: Player | null): Currency {
  return user?.currency ?? DEFAULT_CURRENCY
}

/** A `buy` command, or null for anything else. */
export function parseBuy(payload: unknown): BuyCommand | null {
  const cmd = parseCommand('buy', payload)
  return cmd?.type === 'buy' ? cmd : null
}

/** The rooms' wire over the running loops (`loop(key)`: this process's, null elsewhere). */
export function roomsWire(
  loop: (key: string) => RoomLoop | null,
  snapshot: GameWire['snapshot'],
): GameWire {
  return {
    commands: {
      buy: command({
        parse: parseBuy,
        run: (user, cmd) => {
          const running = loop(loopKey(cmd.room, cmd.currency))
          // The relay runs a command only where its loop runs; a closed room has no running loop.
          return running ? running.buy(user, cmd) : refusal('round_closed')
        },
      }),
    },
    refusal,
    snapshot,
    serverTime: () => Date.now(),
    resync: {
      command: 'sync',
      parse: (payload) => parseCommand('sync', payload)?.type === 'sync',
      ack: { type: 'ok', v: ROOMS_PROTOCOL_VERSION },
    },
    channels: (user) => ROOMS.map((room) => loopKey(room, watchedCurrency(user))),
  }
}
