/**
 * Roulette on the kit's wire adapter: the round machine's command actor and the machine event
 * for each stream message, for live play, recordings and replays. No React here.
 */
import type { CommandTransport } from '../engine/replay'
import { asInstantWire, instantCommandActors } from '../kit/instant/link'
import { machineEvent } from '../kit/wireLink'
import { rouletteWire } from './protocol'
import type { RouletteOutcome, RouletteParams } from './rules'

/** The socket.io namespace of roulette on the `general` service. */
export const ROULETTE_NAMESPACE = '/roulette'

/** Roulette's wire as the kit's stream and adapters take it. */
export const rouletteStreamWire = asInstantWire(rouletteWire)

/** The round machine's command actor over a transport (the stream, or a replay). */
export const rouletteCommandActors = (transport: CommandTransport) =>
  instantCommandActors<RouletteParams, RouletteOutcome>(rouletteWire, transport)

/** The round machine's event for a stream message (a server event or a connection report). */
export const rouletteEventFromStream = (name: string, payload: unknown) =>
  machineEvent(rouletteStreamWire, name, payload)
