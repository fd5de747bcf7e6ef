// Apart from the bet panel: the case page names a round's error without the panel (cases have
// their own), and importing it from there brought the panel, auto-bet and all, into its load.
import { kitErrorKey } from '../../ui/GamePanel'
import type { InstantRoundError } from '../round.machine'

/** The translation key of an instant round's error: the kit's, or the instant kit's own. */
export function instantErrorKey(error: InstantRoundError): string {
  if (error === 'max_payout') return 'kit:error.max_payout'
  if (error === 'offline') return 'kit:error.offline'
  return kitErrorKey(error)
}
