/**
 * An instant game's browser side, derived from its definition and its logic: the wire, the
 * round machine and the auto-bet machine, the round machine's command actor over a transport
 * (the stream, a recording, a replay), the machine event of each stream message and the stream
 * on the game's namespace. No React here (the page's module is `ui/instantPage.ts`).
 */
import type { z } from 'zod/mini'
import type { CommandTransport } from '../../engine/replay'
import { gameStreamLinks } from '../stream/gameStreamLinks'
import { createInstantAutobetMachine, type InstantStakeRule } from './autobet.machine'
import type { InstantGameDefinition, InstantLogic } from './define'
import { instantWireOf } from './protocol'
import { asInstantWire, instantCommandActors } from './link'
import { createInstantRoundMachine } from './round.machine'

/** What a game adds to its derived machines, when the kit's defaults do not fit. */
export interface InstantClientOptions<P> {
  /**
   * Whether a run's params make a legal bet (the auto-bet's START): by default, that they parse
   * with the logic's params schema.
   */
  paramsValid?: (params: P) => boolean
  /** How the run's amount follows its params (roulette: the chips' sum; see autobet.machine). */
  stake?: InstantStakeRule<P>
}

/**
 * An instant logic's machines over its wire, for any game whose id names it: the wire, the round
 * and auto-bet machines and the round machine's command actor. `instantClient` adds the stream;
 * a stateful game's auto-bet (`games/kit/stateful/ui/StatefulAutoPanel.tsx`) runs them on its
 * own game's stream, since the server serves that bet on the stateful game's namespace.
 */
export function instantMachines<
  const Id extends string,
  PS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  P,
  O,
>(
  game: { readonly id: Id },
  logic: InstantLogic<PS, OS, P, O>,
  options: InstantClientOptions<P> = {},
) {
  const wire = instantWireOf(game, logic)
  const paramsValid = options.paramsValid ?? ((params: P) => logic.params.safeParse(params).success)
  return {
    logic,
    wire,
    /** The round machine (idle, betting, revealing, settled), its actor to be provided. */
    roundMachine: createInstantRoundMachine<P, O>({ id: `${game.id}.round` }),
    /** The auto-bet machine over the game's params. */
    autobetMachine: createInstantAutobetMachine<P>({
      id: `${game.id}Autobet`,
      paramsValid,
      ...(options.stake ? { stake: options.stake } : {}),
    }),
    paramsValid,
    /** The round machine's command actor over a transport (the stream, or a replay). */
    commandActors: (transport: CommandTransport) => instantCommandActors<P, O>(wire, transport),
  }
}

/** Derives an instant game's browser side (see the file's comment). */
export function instantClient<
  const Id extends string,
  PS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  P,
  O,
>(
  game: InstantGameDefinition<Id>,
  logic: InstantLogic<PS, OS, P, O>,
  options: InstantClientOptions<P> = {},
) {
  const machines = instantMachines(game, logic, options)
  const streamWire = asInstantWire(machines.wire)
  return {
    game,
    ...machines,
    /** The wire as the kit's stream and adapters take it. */
    streamWire,
    ...gameStreamLinks(streamWire, game.namespace),
  }
}

/** An instant game's derived browser side. */
export type InstantClient<
  Id extends string,
  PS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  P,
  O,
> = ReturnType<typeof instantClient<Id, PS, OS, P, O>>
