/**
 * How the kit's page reads a room's round machine (the game module's hooks), and the
 * translation key of each purchase refusal.
 */
import type { SnapshotFrom } from 'xstate'
import { kitErrorKey, type KitError } from '../../kit/ui/GamePanel'
import type { roomsRoundMachine } from '../round.machine'
import type { BuyError } from '../round.model'
import { wheelPhase } from '../scene/wheelView'

type Snapshot = SnapshotFrom<typeof roomsRoundMachine>

/** The rooms' own refusals; the others are the kit's. */
const ROOMS_ERROR_KEYS: Partial<Record<BuyError, string>> = {
  player_cap: 'rooms:error.player_cap',
  round_full: 'rooms:error.round_full',
  round_closed: 'rooms:error.round_closed',
}

/** The translation key of a purchase's refusal. */
export const buyErrorKey = (error: BuyError): string =>
  ROOMS_ERROR_KEYS[error] ?? kitErrorKey(error as KitError)

/** The page's hooks: the balance, the error to report, the round and phase on the page root. */
export const roomPageHooks = {
  balance: (snapshot: Snapshot) => snapshot.context.balance,
  errorKey: (snapshot: Snapshot) => {
    const error = snapshot.context.lastError
    return error ? buyErrorKey(error) : null
  },
  frame: (snapshot: Snapshot) => ({
    roundId: snapshot.context.round?.id ?? null,
    phase: wheelPhase(snapshot),
  }),
}
