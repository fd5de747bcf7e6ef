/**
 * Crash on the kit's wire adapter: the round machine's command actors and the machine event for
 * each stream message, the same for live play, the recordings script and replays. Kept apart from
 * the UI so Node code (replay tests, benchmarks, the recordings script) loads no React or CSS.
 */
import type { CommandTransport } from '../engine/replay'
import { commandActors, machineEvent } from '../kit/wireLink'
import { crashWire } from './protocol'
import type { CrashRoundEvent } from './round.model'

/** The socket.io namespace of crash on its service. */
export const CRASH_NAMESPACE = '/crash'

/** Which wire command each of the round machine's command actors sends. */
const CRASH_COMMANDS = {
  placeBet: 'bet',
  cashOut: 'cashOut',
  cancelBet: 'cancelBet',
  requestSync: 'sync',
} as const

/**
 * The round machine's command actors over a transport (the stream, or a replay):
 * `crashRoundMachine.provide({ actors: crashCommandActors(transport) })`.
 */
export const crashCommandActors = (transport: CommandTransport) =>
  commandActors(crashWire, transport, CRASH_COMMANDS)

/** The round machine's event for a stream message (a server event or a connection report). */
export const crashEventFromStream = (name: string, payload: unknown): CrashRoundEvent =>
  machineEvent(crashWire, name, payload)
