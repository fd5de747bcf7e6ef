/**
 * Hilo in the browser, derived by the stateful kit from its definition and logic: the wire, the
 * round machine, its command actors and the stream (games/kit/stateful/client.ts). No React here,
 * so recordings and replays use it in Node.
 */
import { statefulClient } from '../kit/stateful/client'
import { hiloGame } from './game'
import { hiloLogic } from './protocol'

/** Hilo's browser side. */
export const hiloClient = statefulClient(hiloGame, hiloLogic)
