/**
 * Stream client: one socket.io connection per game service and namespace, every event parsed with
 * the game's zod protocol, commands with idempotency keys and typed results, a server clock
 * estimate, reconnection through state recovery or a snapshot resync, and a tap for recordings.
 */
export { createGameStream } from './createGameStream'
export type { CommandOptions, GameStream, GameStreamOptions } from './createGameStream'
export { defineGameProtocol } from './defineGameProtocol'
export type {
  CommandAck,
  CommandName,
  CommandRequest,
  CommandSchema,
  CommandSchemas,
  EventName,
  EventSchemas,
  GameProtocol,
  ResyncRequest,
  StreamEvent,
} from './defineGameProtocol'
export { estimateClock } from './clockSync'
export type { ClockEstimate, ClockSample, ClockSyncOptions } from './clockSync'
export type { SocketFactory } from './SharedConnection'
export { newIdempotencyKey } from './types'
export type {
  CommandResult,
  ConnectionState,
  ConnectionStatus,
  IdempotencyKey,
  ReconnectInfo,
  StreamClock,
  StreamError,
  TapRecord,
  Unsubscribe,
} from './types'
export { CommandRejection, ResyncCommand, TimeCommand, reservedCommands } from './wire'
