/**
 * Dice on the kit's wire adapter: the round machine's command actor and the machine event for
 * each stream message, for live play, recordings and replays. No React here.
 */
import type { CommandTransport } from '../engine/replay'
import { asInstantWire, instantCommandActors } from '../kit/instant/link'
import { machineEvent } from '../kit/wireLink'
import { diceWire } from './protocol'
import type { DiceOutcome, DiceParams } from './rules'

/** The socket.io namespace of dice on its service (the server's instant module: `/<game>`). */
export const DICE_NAMESPACE = '/dice'

/** Dice's wire as the kit's stream and adapters take it. */
export const diceStreamWire = asInstantWire(diceWire)

/** The round machine's command actor over a transport (the stream, or a replay). */
export const diceCommandActors = (transport: CommandTransport) =>
  instantCommandActors<DiceParams, DiceOutcome>(diceWire, transport)

/** The round machine's event for a stream message (a server event or a connection report). */
export const diceEventFromStream = (name: string, payload: unknown) =>
  machineEvent(diceStreamWire, name, payload)
