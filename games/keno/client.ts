/**
 * Keno in the browser, derived by the instant kit from its definition and logic: the wire, the
 * round and auto-bet machines, the command actor and the stream (games/kit/instant/client.ts).
 * No React here, so recordings and replays use it in Node.
 */
import { instantClient } from '../kit/instant/client'
import { kenoGame } from './game'
import { kenoLogic } from './protocol'
import { isValidParams } from './rules'

/** Keno's browser side. */
export const kenoClient = instantClient(kenoGame, kenoLogic, { paramsValid: isValidParams })
