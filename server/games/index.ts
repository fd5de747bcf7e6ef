/**
 * The server's games, read from the registry of games (games/registry.ts). The realtime layer
 * starts each on its namespace, the HTTP app mounts its routes, the profile history pages its
 * bets (see docs/adding-a-game.md).
 */
import type { BetHistoryItem, GameServiceName } from '../../contract'
import { INSTANT_GAMES } from '../../games/registry'
import { crashModule } from './crash'
import { instantGameModule, liveModule } from './kit/instant/module'
import type { GameModule, GameRuntime } from './kit/module'

/** A game as the server runs it: on a service of SPEC.md section 7, its bets in the history. */
export type ServerGame = GameModule<GameRuntime, GameServiceName, BetHistoryItem>

/**
 * Every game this server runs: crash, each instant game of the registry (games/registry.ts; an
 * instant game has no server file of its own) and `live`, the instant games' live tables (on
 * `general`), with the seeds and proof routes and the instant bets' history.
 */
export const GAME_MODULES: readonly ServerGame[] = [
  crashModule(),
  ...INSTANT_GAMES.map(instantGameModule),
  liveModule(),
]
