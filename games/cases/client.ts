/**
 * Cases in the browser, derived by the instant kit from its definition and logic: the wire, the
 * round machine, the command actor and the stream (games/kit/instant/client.ts). No React here,
 * so recordings and replays use it in Node.
 */
import { instantClient } from '../kit/instant/client'
import { casesGame } from './game'
import { casesLogic } from './protocol'
import { isCaseCount, type CaseParams } from './rules'

/** Cases' browser side. */
export const casesClient = instantClient(casesGame, casesLogic, {
  paramsValid: (params: CaseParams) => isCaseCount(params.count),
})

/** The cases wire: `bet` (one opening of 1–5 cases), `sync` and the `snapshot` event. */
export const casesWire = casesClient.wire
