/**
 * Crash, as the shell and the stream client see it: the protocol, the rules, the round machine,
 * the command actors that connect the machine to a transport, and the game's React component.
 * Exports are listed by name (lint bans `export *` here): this list is the game's public face,
 * and everything else in the folder may change without touching the shell.
 */
export { betIdSchema, parseAck, parseServerEvent } from './protocol'
export type { CommandKey, ServerEvent } from './protocol'
export { maxWin, payout, type Multiplier } from './rules'
export { crashRoundMachine } from './round.machine'
export { crashCommandActors, crashEventFromStream } from './stream'
export { parseCrashSearch } from './roundLink'

/** The live crash game for the shell's /games/crash page. */
export { CrashGame, type CrashGameProps } from './ui/CrashGame'
