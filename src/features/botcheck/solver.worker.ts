/**
 * Solves one ALTCHA challenge off the main thread (altcha-lib's brute force over the counter,
 * SHA-256 through WebCrypto), so the form stays responsive while it runs. Posts the solution,
 * or null when none was found.
 */
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'

import type { AltchaChallenge } from '../../../contract'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AltchaChallenge>) => void) | null
  postMessage(message: unknown): void
}

scope.onmessage = (event) => {
  void solveChallenge({ challenge: event.data, deriveKey }).then(
    (solution) => scope.postMessage(solution),
    () => scope.postMessage(null),
  )
}
