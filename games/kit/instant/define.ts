/**
 * An instant game's definition (`games/<id>/game.ts`): its facts (id, service, limits group) and
 * a loader of its logic, the rules and the wire's params and outcome schemas. Everything else is
 * derived from the two: the wire (`instantWireOf`), the namespace `/<id>`, the round and auto-bet
 * machines and the client module (`instant/client.ts`, `ui/instantPage.ts`), the server module
 * (server/games/kit/instant/module.ts), the verifier's entry (`npm run fair -- <id>`), the
 * limits and the service URL. Pure, like the rules it loads.
 */
import type { z } from 'zod/mini'
import { gameFacts, type GameDefinition, type GameSpec } from '../define'
import type { InstantResult, InstantRules } from './rules'

/**
 * How `npm run fair -- <id>` takes a bet's params from its options and prints what the rules
 * settle (scripts/fairInstant.ts runs the game's own rules; nothing is written twice).
 */
export interface InstantFair<P, O> {
  /** The usage lines of the game, after its id: its draw, then its options. */
  readonly usage: string
  /** The options naming a bet (`node:util` parseArgs, all strings), e.g. dice's `target`. */
  readonly options?: readonly string[]
  /** Those of its options that name a file: the verifier passes the file's text as the value. */
  readonly files?: readonly string[]
  /** The params the options name, null when none are given, or why they are wrong. */
  params?(values: Readonly<Record<string, string | undefined>>): P | null | { error: string }
  /** The line(s) of a settled bet whose params were given (its win or loss and multiplier). */
  verdict?(params: P, result: InstantResult<O>): string | readonly string[]
}

/**
 * What plays an instant game, shared by the server (deciding), the browser and the verifier:
 * the params the player chooses and the outcome drawn (zod/mini schemas `PS` and `OS`, the
 * wire's), the rules over their types (`P` and `O`, the rules' own: readonly where the schemas'
 * outputs are not), and how `npm run fair` prints an outcome.
 */
export interface InstantLogic<
  PS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  P = z.output<PS>,
  O = z.output<OS>,
> {
  readonly params: PS
  readonly outcome: OS
  readonly rules: InstantRules<P, O>
  /** An outcome in one line, as the verifier prints it (`roll 50.50`, `pocket 17 black`). */
  describe(outcome: NoInfer<O>): string
  /**
   * A legal bet's params, to draw an outcome with when there is no bet (the verifier without
   * options, the benchmarks): an outcome's draw never depends on the params.
   */
  readonly example: NoInfer<P>
  /** The verifier's usage and, for a game whose bet it can score, its options. */
  readonly fair: InstantFair<NoInfer<P>, NoInfer<O>>
}

/** An instant game's logic, its types inferred (write it in the game's `protocol.ts`). */
export function instantLogic<PS extends z.ZodMiniType, OS extends z.ZodMiniType, P, O>(
  logic: InstantLogic<PS, OS, P, O>,
): InstantLogic<PS, OS, P, O> {
  return logic
}

/** Any instant game's logic. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rules' types vary by game
export type AnyInstantLogic = InstantLogic<z.ZodMiniType, z.ZodMiniType, any, any>

/** An instant game's definition. */
export interface InstantGameDefinition<
  Id extends string = string,
  L extends AnyInstantLogic = AnyInstantLogic,
> extends GameDefinition<Id, 'instant'> {
  /**
   * Loads the game's logic: a dynamic `import()`, so the registry, which the shell's first load
   * reads, carries no game's rules.
   */
  readonly logic: () => Promise<L>
}

/**
 * Defines an instant game:
 * `defineInstantGame({ id: 'dice', service: 'dice', logic: () => import('./protocol').then((m) => m.diceLogic) })`.
 */
export function defineInstantGame<const Id extends string, L extends AnyInstantLogic>(
  spec: GameSpec<Id> & { readonly logic: () => Promise<L> },
): InstantGameDefinition<Id, L> {
  return { ...gameFacts('instant', spec), logic: spec.logic }
}
