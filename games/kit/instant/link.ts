/**
 * An instant game's wire as the kit's generic adapters take it. `instantWire` is generic in the
 * game's params and outcome, and TypeScript keeps its inner `defineWire` type in terms of those
 * parameters, so a built wire does not match `Wire<E, C>` by itself; these two functions are the
 * one place that states what every instant wire is: the `snapshot` event, and a `bet` command
 * whose request and ack are `InstantBetCommand<P>` and `InstantBetAck<O>`.
 */
import type { PromiseActorLogic } from 'xstate'
import type { CommandTransport } from '../../engine/replay'
import type { Wire, WireCommands } from '../protocol'
import { commandActors } from '../wireLink'
import type { InstantBetAck, InstantBetCommand, instantSnapshotSchema } from './protocol'

/** The events every instant wire has. */
type InstantEvents = { readonly snapshot: typeof instantSnapshotSchema }

/** Any instant game's wire, as `connectGameStream` and `commandActors` take it. */
export type AnyInstantWire = Wire<InstantEvents, WireCommands>

/** An instant wire (`instantWire(...)`) as the kit's adapters take it. */
export function asInstantWire(wire: { game: string; version: number }): AnyInstantWire {
  return wire as unknown as AnyInstantWire
}

/** The instant round machine's `placeBet` actor over a transport, the ack parsed by the wire. */
export function instantCommandActors<P, O>(
  wire: { game: string; version: number },
  transport: CommandTransport,
): { placeBet: PromiseActorLogic<InstantBetAck<O>, InstantBetCommand<P>> } {
  const actors = commandActors(asInstantWire(wire), transport, { placeBet: 'bet' })
  return actors as unknown as {
    placeBet: PromiseActorLogic<InstantBetAck<O>, InstantBetCommand<P>>
  }
}
