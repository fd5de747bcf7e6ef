/**
 * The verification (KYC) status of SPEC.md section 4, read for the player. Pure: the
 * Verification modal and its machine (verification.machine.ts) decide from these functions only.
 */
import type { User, VerificationStatus } from '../../contract'

/** The three outcomes the raw statuses map to (SPEC.md section 4). */
export type VerificationOutcome = 'pending' | 'failed' | 'success'

/** What the modal shows: an outcome, or `start` when no verification has begun. */
export type VerificationPhase = VerificationOutcome | 'start'

/**
 * SPEC.md section 4: init, waiting, user_pending, pending → pending; failed, unverified →
 * failed; success, verified → success. Exhaustive: a new status fails to compile here.
 */
export function mapVerificationStatus(status: VerificationStatus): VerificationOutcome {
  switch (status) {
    case 'init':
    case 'waiting':
    case 'user_pending':
    case 'pending':
      return 'pending'
    case 'failed':
    case 'unverified':
      return 'failed'
    case 'success':
    case 'verified':
      return 'success'
    default: {
      const unknown: never = status
      throw new Error(`[verification] unknown status ${JSON.stringify(unknown)}`)
    }
  }
}

/** The phase of a user's verification: `start` until the server reports a status. */
export function verificationPhase(verification: User['verification']): VerificationPhase {
  return verification.data === null ? 'start' : mapVerificationStatus(verification.data.status)
}
