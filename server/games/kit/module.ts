/**
 * The one interface every game of the server implements. The realtime layer starts each game of
 * the registry (server/games/index.ts) on its own socket.io namespace, the HTTP app mounts its
 * routes, and the profile history pages its bets, without naming any game.
 */
import type { FastifyInstance } from 'fastify'
import type { Namespace } from 'socket.io'
import type { Services } from '../../services'
import type { BetHistoryProvider } from './history'
import type { GameLog } from './log'
import type { NamespaceOptions } from './namespace'

/** What a running game serves on its namespace (the kit's plumbing does the rest). */
export type GameWire = Pick<
  NamespaceOptions,
  'commands' | 'refusal' | 'snapshot' | 'serverTime' | 'resync' | 'channels'
>

/** A game started on its namespace. */
export interface GameRuntime {
  readonly wire: GameWire
  /** Stops the game's loop; what it leaves open, its next start settles (its recovery). */
  stop(): Promise<void>
}

/** What a game is given to start. */
export interface GameStartContext {
  services: Services
  /** The game's namespace: its events go here (see `namespaceEmitter`). */
  nsp: Namespace
  log: GameLog
}

/** The names a game's wire protocol defines, checked against what the game serves at start. */
export interface GameProtocol {
  /** The protocol version every message carries. */
  readonly version: number
  /** Server-to-client event names. */
  readonly events: readonly string[]
  /** Client-to-server command names (the stream's own `time` and `resync` aside). */
  readonly commands: readonly string[]
}

/**
 * A game of the server. `Service` is which per-game service URL of SPEC.md section 7 reaches it
 * (crash on `crash`; roulette and hilo share `general`): a deployment may run any service on
 * another origin (GAME_SERVICE_URLS), and the client opens `<that origin><namespace>`.
 */
export interface GameModule<
  R extends GameRuntime = GameRuntime,
  Service extends string = string,
  HistoryItem = unknown,
> {
  /** The game's id (`crash`, `dice`...), as its history rows and log lines name it. */
  readonly id: string
  readonly service: Service
  /** The socket.io namespace, `/<id>`. */
  readonly namespace: string
  readonly protocol: GameProtocol
  /** Starts the game: recovery, its loop, its wire. */
  start(ctx: GameStartContext): Promise<R>
  /** Its HTTP routes, mounted under `/api` (public or signed in, as each route says). */
  routes?(app: FastifyInstance, services: Services): void
  /** How the profile history lists a player's bets of this game. */
  readonly history?: BetHistoryProvider<HistoryItem>
}
