/**
 * The registry of the server's games: the one place a new game is added. The realtime layer
 * starts each on its namespace, the HTTP app mounts its routes, the profile history pages its
 * bets (see docs/adding-a-game.md).
 */
import type { BetHistoryItem, GameServiceName } from '../../contract'
import { crashModule } from './crash'
import type { GameModule, GameRuntime } from './kit/module'

/** A game as the server runs it: on a service of SPEC.md section 7, its bets in the history. */
export type ServerGame = GameModule<GameRuntime, GameServiceName, BetHistoryItem>

/** Every game this server runs. */
export const GAME_MODULES: readonly ServerGame[] = [crashModule()]
