/**
 * Crash, as the shell, the tools and the tests see it: the wire, the rules they check against,
 * the round machine and its adapter to a transport, the page's URL parameter, and the game's
 * page (crash's module on the kit's `GamePage`). Exports are listed by name (lint bans `export *`
 * here): this list is the game's public face, and everything else in the folder may change without
 * touching the shell.
 */
export {
  PROTOCOL_VERSION,
  betIdSchema,
  crashWire,
  parseAck,
  parseServerEvent,
  roundIdSchema,
  type BetId,
  type BetRow,
  type CommandKey,
  type HistoryEntry,
  type RoundId,
  type ServerEvent,
} from './protocol'
export { maxWin, multiplierAt, payout, type Multiplier } from './rules'
export { crashRoundMachine } from './round.machine'
export type { CrashIntent, CrashRoundContext, CrashRoundEvent } from './round.model'
export { CRASH_NAMESPACE, crashCommandActors, crashEventFromStream } from './stream'
export { parseCrashSearch } from './roundLink'

/** The live crash game for the shell's /games/crash page, and crash as a kit game module. */
export { CrashGame, crashGame, type CrashGameProps } from './ui/CrashGame'
