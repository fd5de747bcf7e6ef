/**
 * A stateful game's definition (`games/<id>/game.ts`: miner, hilo, coinflip): its facts (id,
 * service, limits group) and a loader of its logic, the rules and the wire's schemas. Everything
 * else is derived from the two: the wire (`statefulWireOf`, protocol.ts), the namespace `/<id>`, the round
 * machine and the client module, the server module (server/games/kit/stateful/module.ts), the
 * verifier's replay and the limits. Pure, like the rules it loads.
 */
import type { z } from 'zod/mini'
import type { BetGame } from '../../engine/money'
import type { GameServiceName } from '../../../contract/misc'
import { gameFacts, type GameDefinition, type GameSpec } from '../define'
import type { AnyInstantLogic } from '../instant/define'
import type { StatefulRules } from './rules'

/**
 * What plays a stateful game, shared by the server (deciding), the browser (its view, the next
 * step's profit, the verifier) and `npm run fair`: the zod/mini schemas of the wire (what the
 * player chooses at the opening, a step's action and public outcome, an open round's public view
 * and an ended round's reveal) and the rules over their types.
 */
export interface StatefulLogic<
  PS extends z.ZodMiniType,
  AS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  WS extends z.ZodMiniType,
  RS extends z.ZodMiniType,
  State,
> {
  readonly params: PS
  readonly action: AS
  readonly outcome: OS
  readonly view: WS
  readonly reveal: RS
  readonly rules: StatefulRules<
    z.output<PS>,
    State,
    z.output<AS>,
    z.output<OS>,
    z.output<WS>,
    z.output<RS>
  >
  /**
   * The multiplier the round would have after this action wins (public: from the view), in
   * ten-thousandths, uncapped; null when no step is playable (or `action` is not). The panel
   * shows the next step's profit with it (`nextProfit`, money.ts), since the client never knows
   * the round's secrets: miner's next tile, hilo's higher or lower (by `action`), coinflip's next
   * flip. Absent: the panel shows no next step.
   */
  readonly nextMultiplier?: (view: z.output<WS>, action?: z.output<AS>) => number | null
  /** Legal opening params (the benchmarks, the verifier without options). */
  readonly example: NoInfer<z.output<PS>>
  /**
   * Auto play, when the game has it: a one-trip instant bet with the steps chosen beforehand
   * (miner's `{ mines, tiles }`, coinflip's calls), served as the instant `bet` command on the
   * game's namespace, so auto play never leaves a round open.
   */
  readonly auto?: AnyInstantLogic
}

/** A stateful game's logic, its types inferred (write it in the game's `protocol.ts`). */
export function statefulLogic<
  PS extends z.ZodMiniType,
  AS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  WS extends z.ZodMiniType,
  RS extends z.ZodMiniType,
  State,
>(logic: StatefulLogic<PS, AS, OS, WS, RS, State>): StatefulLogic<PS, AS, OS, WS, RS, State> {
  return logic
}

/** Any stateful game's logic. */
export type AnyStatefulLogic = StatefulLogic<
  z.ZodMiniType,
  z.ZodMiniType,
  z.ZodMiniType,
  z.ZodMiniType,
  z.ZodMiniType,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the state varies by game
  any
>

/**
 * A stateful game's definition. Its id is a limits group (miner, hilo, coinflip), so its limits
 * are always its own: the stake is the player's choice.
 */
export interface StatefulGameDefinition<
  Id extends BetGame = BetGame,
  L extends AnyStatefulLogic = AnyStatefulLogic,
> extends GameDefinition<Id, 'stateful'> {
  /** Loads the game's logic: a dynamic `import()`, so the registry carries no game's rules. */
  readonly logic: () => Promise<L>
}

/**
 * Defines a stateful game:
 * `defineStatefulGame({ id: 'miner', service: 'miner', logic: () => import('./protocol').then((m) => m.minerLogic) })`.
 */
export function defineStatefulGame<
  const Id extends BetGame,
  const S extends GameServiceName,
  L extends AnyStatefulLogic,
>(spec: GameSpec<Id, S> & { readonly logic: () => Promise<L> }): StatefulGameDefinition<Id, L> {
  return { ...gameFacts('stateful', spec), logic: spec.logic }
}
