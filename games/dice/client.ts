/**
 * Dice in the browser, derived by the instant kit from its definition and logic: the wire, the
 * round and auto-bet machines, the command actor and the stream (games/kit/instant/client.ts).
 * No React here, so recordings and replays use it in Node.
 */
import { instantClient } from '../kit/instant/client'
import { diceGame } from './game'
import { diceLogic } from './protocol'

/** Dice's browser side. */
export const diceClient = instantClient(diceGame, diceLogic)
