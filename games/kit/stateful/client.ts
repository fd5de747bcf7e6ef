/**
 * A stateful game's browser side, derived from its definition and its logic: the wire, the round
 * machine, the machine's command actors over a transport (the stream, a recording, a replay), the
 * machine event of each stream message and the stream on the game's namespace. No React here (the
 * page's module is the kit's stateful UI), so recordings and replays use it in Node.
 */
import type { z } from 'zod/mini'
import type { BetGame } from '../../engine/money'
import type { CommandTransport } from '../../engine/replay'
import { gameStreamLinks } from '../stream/gameStreamLinks'
import type { StatefulGameDefinition, StatefulLogic } from './define'
import { statefulWireOf } from './protocol'
import { asStatefulWire, statefulCommandActors, withAutoBet } from './link'
import { createStatefulRoundMachine } from './round.machine'

/** Derives a stateful game's browser side (see the file's comment). */
export function statefulClient<
  const Id extends BetGame,
  PS extends z.ZodMiniType,
  AS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  WS extends z.ZodMiniType,
  RS extends z.ZodMiniType,
  State,
>(game: StatefulGameDefinition<Id>, logic: StatefulLogic<PS, AS, OS, WS, RS, State>) {
  type P = z.output<PS>
  type A = z.output<AS>
  type O = z.output<OS>
  type W = z.output<WS>
  type R = z.output<RS>
  const wire = statefulWireOf(game, logic)
  const streamWire = withAutoBet(asStatefulWire<P, A, O, W, R>(wire), logic.auto)
  return {
    game,
    logic,
    wire,
    /** The wire as the kit's stream and adapters take it, with the auto-bet's `bet` if any. */
    streamWire,
    /** The round machine (idle, opening, open, stepping, cashingOut, settled), actors to provide. */
    // No dot in the id: the machine targets its states by `#<id>.<state>`, which a dot would split.
    roundMachine: createStatefulRoundMachine<P, A, O, W, R>({ id: `${game.id}Round` }),
    /** The round machine's command actors over a transport (the stream, or a replay). */
    commandActors: (transport: CommandTransport) =>
      statefulCommandActors<P, A, O, W, R>(wire, transport),
    ...gameStreamLinks(streamWire, game.namespace),
  }
}

/** A stateful game's derived browser side. */
export type StatefulClient<
  Id extends BetGame,
  PS extends z.ZodMiniType,
  AS extends z.ZodMiniType,
  OS extends z.ZodMiniType,
  WS extends z.ZodMiniType,
  RS extends z.ZodMiniType,
  State,
> = ReturnType<typeof statefulClient<Id, PS, AS, OS, WS, RS, State>>
