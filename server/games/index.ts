/**
 * The server's games, read from the registry of games (games/registry.ts). The realtime layer
 * starts each on its namespace, the HTTP app mounts its routes, the profile history pages its
 * bets (see docs/adding-a-game.md).
 */
import type { BetHistoryItem, GameServiceName } from '../../contract'
import {
  INSTANT_GAMES,
  LIVE_GAMES,
  STATEFUL_GAMES,
  type InstantGameId,
  type LiveGameId,
} from '../../games/registry'
import { casesServerParts } from './cases'
import { crashModule } from './crash'
import { roomsModule } from './rooms'
import { instantGameModule, liveModule, type InstantServerParts } from './kit/instant/module'
import type { GameModule, GameRuntime } from './kit/module'
import { statefulGameModule, type StatefulModuleGame } from './kit/stateful/module'

/** A game as the server runs it: on a service of SPEC.md section 7, its bets in the history. */
export type ServerGame = GameModule<GameRuntime, GameServiceName, BetHistoryItem>

/**
 * What an instant game whose rules are data adds on the server, by game (its catalogue and the
 * rules of each bet read from it): the games whose logic alone plays them have none.
 */
const INSTANT_SERVER_PARTS: Partial<Record<InstantGameId, InstantServerParts>> = {
  cases: casesServerParts,
}

/** The module of each instant game of the registry, with its server parts if it has any. */
export function instantGameModules(): ServerGame[] {
  return INSTANT_GAMES.map((game) => instantGameModule(game, INSTANT_SERVER_PARTS[game.id]))
}

/**
 * The module of each stateful game of `games` (the registry's by default; tests pass their own):
 * a stateful game has no server file of its own either.
 */
export function statefulGameModules(
  games: readonly StatefulModuleGame[] = STATEFUL_GAMES,
): ServerGame[] {
  return games.map((game) => statefulGameModule(game))
}

/** The modules of the registry's stateful games (miner, hilo, coinflip once registered). */
export const STATEFUL_GAME_MODULES: readonly ServerGame[] = statefulGameModules()

/**
 * The server module of each live game: a live game keeps its own loop, wire and module (its
 * family has no generic one), so a live game registered without a module here fails to compile.
 */
const LIVE_MODULES: Record<LiveGameId, () => ServerGame> = {
  crash: () => crashModule(),
  rooms: () => roomsModule(),
}

/** The module of each live game of the registry, in lobby order. */
export function liveGameModules(): ServerGame[] {
  return LIVE_GAMES.map((game) => LIVE_MODULES[game.id]())
}

/**
 * Every game this server runs, read from the registry: each live game (crash; the rooms, one
 * namespace with a loop per room and currency), each instant game (an instant game has no server
 * file of its own), `live`, the instant games' live tables (on `general`), with the seeds and proof
 * routes and the instant bets' history, and each stateful game.
 */
export const GAME_MODULES: readonly ServerGame[] = [
  ...liveGameModules(),
  ...instantGameModules(),
  liveModule(),
  ...STATEFUL_GAME_MODULES,
]
