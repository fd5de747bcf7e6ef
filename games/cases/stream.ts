/**
 * Cases on the kit's wire adapter: the round machine's command actor and the machine event for
 * each stream message, for live play, recordings and replays. No React here.
 */
import type { CommandTransport } from '../engine/replay'
import { asInstantWire, instantCommandActors } from '../kit/instant/link'
import { machineEvent } from '../kit/wireLink'
import { casesWire } from './protocol'
import type { CaseOutcome, CaseParams } from './rules'

/** The socket.io namespace of cases on its service (the server's instant module: `/<game>`). */
export const CASES_NAMESPACE = '/cases'

/** The cases wire as the kit's stream and adapters take it. */
export const casesStreamWire = asInstantWire(casesWire)

/** The round machine's command actor over a transport (the stream, or a replay). */
export const casesCommandActors = (transport: CommandTransport) =>
  instantCommandActors<CaseParams, CaseOutcome>(casesWire, transport)

/** The round machine's event for a stream message (a server event or a connection report). */
export const casesEventFromStream = (name: string, payload: unknown) =>
  machineEvent(casesStreamWire, name, payload)
