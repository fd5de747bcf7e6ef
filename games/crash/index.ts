/**
 * Crash, as the shell and the stream client see it: the protocol, the rules, the round machine,
 * the command actors that connect the machine to a transport, and the game's React component.
 */
export * from './protocol'
export * from './rules'
export * from './round.machine'
export * from './autobet.machine'
export * from './round.model'
export * from './stream'
export { parseCrashSearch } from './roundLink'

/** The live crash game for the shell's /games/crash page. */
export { CrashGame, type CrashGameProps } from './ui/CrashGame'
