/**
 * What the `/crash` namespace serves, on the kit's plumbing (kit/namespace.ts): the crash
 * protocol's commands parsed with its zod schemas, its refusal shape, its snapshot, and `sync`,
 * its own resync command.
 */
import {
  PROTOCOL_VERSION,
  parseCommand,
  type ClientCommand,
  type CommandName,
} from '../../../games/crash/protocol'
import type { GameWire } from '../kit/module'
import { command } from '../kit/namespace'
import { refusal } from './bet'
import type { CrashService } from './CrashService'

/** Parses a command of type `name`, null for anything else. */
function parseAs<N extends CommandName>(name: N) {
  return (payload: unknown): Extract<ClientCommand, { type: N }> | null => {
    const cmd = parseCommand(name, payload)
    return cmd?.type === name ? (cmd as Extract<ClientCommand, { type: N }>) : null
  }
}

const parseBet = parseAs('bet')
const parseCashOut = parseAs('cashOut')
const parseCancelBet = parseAs('cancelBet')
const parseSync = parseAs('sync')

/** The crash service's wire, over the running service (`crash()`: the leader's loop). */
export function crashWire(crash: () => CrashService): GameWire {
  return {
    commands: {
      bet: command({ parse: parseBet, run: (user, cmd) => crash().placeBet(user, cmd) }),
      cashOut: command({ parse: parseCashOut, run: (user, cmd) => crash().cashOut(user, cmd) }),
      cancelBet: command({
        parse: parseCancelBet,
        run: (user, cmd) => crash().cancelBet(user, cmd),
      }),
    },
    refusal,
    snapshot: (user) => crash().snapshot(user),
    serverTime: () => crash().now(),
    resync: {
      command: 'sync',
      parse: (payload) => parseSync(payload) !== null,
      ack: { type: 'ok', v: PROTOCOL_VERSION },
    },
  }
}
