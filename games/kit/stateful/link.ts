/**
 * A stateful game's wire as the kit's generic adapters take it. `statefulWire` is generic in the
 * game's schemas, and TypeScript keeps its inner `defineWire` type in terms of them, so a built
 * wire does not match `Wire<E, C>` by itself; these functions are the one place that states what
 * every stateful wire is: the `snapshot` event, and the `open`, `step` and `cashout` commands
 * whose requests and acks are the round machine's (round.model.ts) and `StatefulAck`.
 */
import type { PromiseActorLogic } from 'xstate'
import type { z } from 'zod/mini'
import type { CommandTransport } from '../../engine/replay'
import { defineWire, type Wire, type WireCommands } from '../protocol'
import type { AnyInstantLogic } from '../instant/define'
import { instantWireOf } from '../instant/protocol'
import { commandActors } from '../wireLink'
import type { StatefulAck } from './protocol'
import type {
  StatefulCashoutCommand,
  StatefulOpenCommand,
  StatefulSnapshot,
  StatefulStepCommand,
} from './round.model'

/** The events every stateful wire has, typed by the game's params, action, outcome, view, reveal. */
type StatefulEvents<P, A, O, W, R> = {
  readonly snapshot: z.ZodMiniType<StatefulSnapshot<P, A, O, W, R>>
}

/** A stateful game's wire, as `connectGameStream`, `machineEvent` and `commandActors` take it. */
export type StatefulStreamWire<P, A, O, W, R> = Wire<StatefulEvents<P, A, O, W, R>, WireCommands>

/** A stateful wire (`statefulWire(...)`) as the kit's adapters take it. */
export function asStatefulWire<P, A, O, W, R>(wire: {
  game: string
  version: number
}): StatefulStreamWire<P, A, O, W, R> {
  return wire as unknown as StatefulStreamWire<P, A, O, W, R>
}

/**
 * The wire the page's stream speaks: the game's stateful wire and, for a game with auto play, the
 * instant `bet` its server serves on the same namespace (server/games/kit/stateful/auto.ts), so
 * the auto-bet's round machine sends through the page's own stream.
 */
export function withAutoBet<P, A, O, W, R>(
  wire: StatefulStreamWire<P, A, O, W, R>,
  auto: AnyInstantLogic | undefined,
): StatefulStreamWire<P, A, O, W, R> {
  if (!auto) return wire
  const { bet } = instantWireOf({ id: wire.game }, auto).commands
  const commands: WireCommands = { ...wire.commands, bet }
  return defineWire<StatefulEvents<P, A, O, W, R>, WireCommands>({ ...wire, commands })
}

/** The stateful round machine's command actors. */
export interface StatefulCommandActors<P, A, O, W, R> {
  open: PromiseActorLogic<StatefulAck<P, A, O, W, R>, StatefulOpenCommand<P>>
  step: PromiseActorLogic<StatefulAck<P, A, O, W, R>, StatefulStepCommand<A>>
  cashout: PromiseActorLogic<StatefulAck<P, A, O, W, R>, StatefulCashoutCommand>
}

/**
 * The round machine's `open`, `step` and `cashout` actors over a transport (the stream, a
 * recording): each sends its command as the machine built it, key included, and its ack is parsed
 * by the wire; a transport failure (a timeout, a lost connection) rejects the actor, and the
 * machine resends the same command.
 */
export function statefulCommandActors<P, A, O, W, R>(
  wire: { game: string; version: number },
  transport: CommandTransport,
): StatefulCommandActors<P, A, O, W, R> {
  const actors = commandActors(asStatefulWire(wire), transport, {
    open: 'open',
    step: 'step',
    cashout: 'cashout',
  })
  return actors as unknown as StatefulCommandActors<P, A, O, W, R>
}
