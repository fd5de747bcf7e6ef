/**
 * Every game of the product, one line each: the server's modules, the shell's routes, lobby
 * tiles, texts and history names, the contract's enums, `npm run fair` and the benchmarks are
 * read from this list (docs/adding-a-game.md). Pure and light: definitions carry facts, and an
 * instant game's rules only as a loader, so the shell's first load can read it.
 */
import { casesGame } from './cases/game'
import { coinflipGame } from './coinflip/game'
import { crashGame } from './crash/game'
import { diceGame } from './dice/game'
import { hiloGame } from './hilo/game'
import type { GameDefinition } from './kit/define'

export { gameNameKey, type GameFamily } from './kit/define'
import type { InstantGameDefinition } from './kit/instant/define'
import { kenoGame } from './keno/game'
import { minerGame } from './miner/game'
import { roomsGame } from './rooms/game'
import { rouletteGame } from './roulette/game'

/** Every game, in lobby order. */
export const GAMES = [
  crashGame,
  diceGame,
  rouletteGame,
  kenoGame,
  minerGame,
  hiloGame,
  coinflipGame,
  casesGame,
  roomsGame,
] as const

/** A registered game. */
export type RegisteredGame = (typeof GAMES)[number]
/** A registered game's id. */
export type GameId = RegisteredGame['id']
/** A registered instant game. */
export type RegisteredInstantGame = Extract<RegisteredGame, { family: 'instant' }>
/** A registered instant game's id. */
export type InstantGameId = RegisteredInstantGame['id']

/** A registered stateful game (miner, hilo, coinflip once they are registered). */
export type RegisteredStatefulGame = Extract<RegisteredGame, { family: 'stateful' }>
/** A registered stateful game's id. */
export type StatefulGameId = RegisteredStatefulGame['id']

const isInstant = (game: GameDefinition): game is InstantGameDefinition => game.family === 'instant'
const isStateful = <G extends GameDefinition>(
  game: G,
): game is Extract<G, { family: 'stateful' }> => game.family === 'stateful'

/** The instant games, in lobby order. */
export const INSTANT_GAMES: readonly RegisteredInstantGame[] = GAMES.filter(
  isInstant,
) as readonly RegisteredInstantGame[]

/** A registered live game (crash, the rooms). */
export type RegisteredLiveGame = Extract<RegisteredGame, { family: 'live' }>
/** A registered live game's id. */
export type LiveGameId = RegisteredLiveGame['id']

const isLive = <G extends GameDefinition>(game: G): game is Extract<G, { family: 'live' }> =>
  game.family === 'live'

/** The live games, in lobby order. */
export const LIVE_GAMES: readonly RegisteredLiveGame[] = GAMES.filter(isLive)

/** The stateful games, in lobby order. */
export const STATEFUL_GAMES: readonly RegisteredStatefulGame[] = GAMES.filter(isStateful)

/** Every game's id (the contract's enums, the i18n namespaces). */
export const GAME_IDS = GAMES.map((game) => game.id) as [GameId, ...GameId[]]
/** Every instant game's id (the history's instant items, the verifier). */
export const INSTANT_GAME_IDS = INSTANT_GAMES.map((game) => game.id) as [
  InstantGameId,
  ...InstantGameId[],
]

/** The game with this id, or undefined. */
export function gameById(id: string): RegisteredGame | undefined {
  return GAMES.find((game) => game.id === id)
}
