/**
 * Coinflip in the browser, derived by the stateful kit from its definition and logic: the wire,
 * the round machine, its command actors and the stream (games/kit/stateful/client.ts). No React
 * here, so recordings and replays use it in Node.
 */
import { statefulClient } from '../kit/stateful/client'
import { coinflipGame } from './game'
import { coinflipLogic } from './protocol'

/** Coinflip's browser side. */
export const coinflipClient = statefulClient(coinflipGame, coinflipLogic)
