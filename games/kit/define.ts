/**
 * A game's definition, the one place its facts are written: its id (the route `/games/<id>`, the
 * socket namespace `/<id>`, the i18n namespace, the history's and the ledger's name), its
 * service (SPEC.md section 7), its family and the limits group it bets in. Pure and light: the
 * registry (games/registry.ts) lists every definition and the shell's first load reads it, so a
 * definition names the code that plays the game (rules, wire schemas) only through a loader.
 */
import type { GameServiceName } from '../../contract/misc'
import type { BetGame } from '../engine/money/limits'

/**
 * The i18n key of a game's name, the one text that names it (the lobby, its route's title, the
 * profile history, the live tables): its page's title in the `pages` namespace.
 */
export function gameNameKey(id: string): `pages:${string}.title` {
  return `pages:${id}.title`
}

/**
 * How a game's rounds run: one command settles a bet (`instant`), a player's round stays open
 * between their steps (`stateful`: miner, hilo, coinflip), or a shared round runs on the server's
 * clock (`live`).
 */
export type GameFamily = 'instant' | 'stateful' | 'live'

/** What every game's definition says. */
export interface GameDefinition<
  Id extends string = string,
  F extends GameFamily = GameFamily,
  S extends GameServiceName = GameServiceName,
> {
  readonly id: Id
  readonly family: F
  /** The game service it runs on (`general` for the games that share one). */
  readonly service: S
  /** Its socket.io namespace on that service: always `/<id>`. */
  readonly namespace: `/${Id}`
  /**
   * The bet limits it uses (`betLimits(limits, currency)`); several games may share one. Null for
   * a game whose rules bound the stake themselves (`InstantRules.amountRefusal`: a case's price),
   * which only a game whose id is not a limits group can be.
   */
  readonly limits: LimitsGroup<Id>
}

/** A definition's limits group: always one for a game whose id is one, else one or null. */
export type LimitsGroup<Id extends string> = string extends Id
  ? BetGame | null
  : Id extends BetGame
    ? BetGame
    : BetGame | null

/**
 * The limits group of a definition: a game whose id is a limits group bets in its own by default;
 * any other id must say which one it uses.
 */
export type LimitsOf<Id extends string> = Id extends BetGame
  ? { readonly limits?: BetGame }
  : { readonly limits: BetGame | null }

/** The facts every family's `define…Game` takes. */
export type GameSpec<Id extends string, S extends GameServiceName = GameServiceName> = {
  readonly id: Id
  readonly service: S
} & LimitsOf<Id>

/** The definition's common facts from a spec (the namespace and the limits group derived). */
export function gameFacts<
  const Id extends string,
  F extends GameFamily,
  const S extends GameServiceName,
>(family: F, spec: GameSpec<Id, S>): GameDefinition<Id, F, S> {
  const given = (spec as { limits?: BetGame | null }).limits
  const limits = given === undefined ? (spec.id as string as BetGame) : given
  return {
    id: spec.id,
    family,
    service: spec.service,
    namespace: `/${spec.id}`,
    limits: limits as LimitsGroup<Id>,
  }
}

/**
 * A game of the live family (crash): its rounds, wire, service and page are its own (see
 * docs/adding-a-game.md, the long recipe); the definition names it for the registry.
 */
export function defineLiveGame<const Id extends string, const S extends GameServiceName>(
  spec: GameSpec<Id, S>,
): GameDefinition<Id, 'live', S> {
  return gameFacts('live', spec)
}
