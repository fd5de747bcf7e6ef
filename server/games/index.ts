/**
 * The registry of the server's games: the one place a new game is added. The realtime layer
 * starts each on its namespace, the HTTP app mounts its routes, the profile history pages its
 * bets (see docs/adding-a-game.md).
 */
import type { BetHistoryItem, GameServiceName } from '../../contract'
import { casesModule } from './cases'
import { crashModule } from './crash'
import { diceModule } from './dice'
import { liveModule } from './kit/instant/module'
import type { GameModule, GameRuntime } from './kit/module'
import { rouletteModule } from './roulette'

/** A game as the server runs it: on a service of SPEC.md section 7, its bets in the history. */
export type ServerGame = GameModule<GameRuntime, GameServiceName, BetHistoryItem>

/**
 * Every game this server runs. `live` is the instant games' live tables (on `general`), with the
 * seeds and proof routes and the instant bets' history.
 */
export const GAME_MODULES: readonly ServerGame[] = [
  crashModule(),
  diceModule(),
  rouletteModule(),
  casesModule(),
  liveModule(),
]
