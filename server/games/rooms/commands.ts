/**
 * The rooms' commands as the server runs them: a parsed `buy`, its answer, and a refusal in the
 * protocol's error shape.
 */
import {
  ROOMS_PROTOCOL_VERSION,
  type AckOf,
  type ClientCommand,
  type RoomsErrorCode,
} from '../../../games/rooms/protocol'

/** A parsed `buy` command. */
export type BuyCommand = Extract<ClientCommand, { type: 'buy' }>
/** The answer to `buy`. */
export type BuyResult = AckOf<'buy'>

/** A refusal, shaped as every ack's error branch. */
export interface RoomsRefusal {
  type: 'error'
  v: typeof ROOMS_PROTOCOL_VERSION
  code: RoomsErrorCode
}

/** The refusal `code`, in the protocol's error shape. */
export function refusal(code: RoomsErrorCode): RoomsRefusal {
  return { type: 'error', v: ROOMS_PROTOCOL_VERSION, code }
}
