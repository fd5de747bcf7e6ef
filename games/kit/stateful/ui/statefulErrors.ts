import { kitErrorKey } from '../../ui/GamePanel'
import type { StatefulRoundError } from '../round.machine'

/** The stateful kit's own refusals (and "not connected"), each with its text's key. */
const STATEFUL_ERROR_KEYS = {
  game_in_progress: 'kit:error.game_in_progress',
  stale_step: 'kit:error.stale_step',
  round_over: 'kit:error.round_over',
  offline: 'kit:error.offline',
} as const satisfies Partial<Record<StatefulRoundError, string>>

/**
 * The translation key of a stateful round's error: the kit's, or the stateful kit's own (a round
 * already open, a step the round has moved past, a round that has ended).
 */
export function statefulErrorKey(error: StatefulRoundError): string {
  return error in STATEFUL_ERROR_KEYS
    ? STATEFUL_ERROR_KEYS[error as keyof typeof STATEFUL_ERROR_KEYS]
    : kitErrorKey(error as Exclude<StatefulRoundError, keyof typeof STATEFUL_ERROR_KEYS>)
}
