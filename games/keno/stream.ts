/**
 * Keno on the kit's wire adapter: the round machine's command actor and the machine event for
 * each stream message, for live play, recordings and replays. No React here.
 */
import type { CommandTransport } from '../engine/replay'
import { asInstantWire, instantCommandActors } from '../kit/instant/link'
import { machineEvent } from '../kit/wireLink'
import { kenoWire } from './protocol'
import type { KenoOutcome, KenoParams } from './rules'

/** The socket.io namespace of keno on its service (the server's instant module: `/<game>`). */
export const KENO_NAMESPACE = '/keno'

/** Keno's wire as the kit's stream and adapters take it. */
export const kenoStreamWire = asInstantWire(kenoWire)

/** The round machine's command actor over a transport (the stream, or a replay). */
export const kenoCommandActors = (transport: CommandTransport) =>
  instantCommandActors<KenoParams, KenoOutcome>(kenoWire, transport)

/** The round machine's event for a stream message (a server event or a connection report). */
export const kenoEventFromStream = (name: string, payload: unknown) =>
  machineEvent(kenoStreamWire, name, payload)
