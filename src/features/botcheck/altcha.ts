/**
 * The self-hosted ALTCHA check's client half, loaded only when a guarded form is sent (the
 * loader machine's "script" for this provider): the server's challenge is solved in a Web Worker
 * and sent back as the ALTCHA widget's payload, base64 JSON of `{ challenge, solution }`.
 */
import type { AltchaChallenge, AltchaPayload } from '../../../contract'

/** Solves `challenge` in a worker; rejects if the worker fails or finds nothing. */
export function solveInWorker(challenge: AltchaChallenge): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<AltchaPayload['solution'] | null>) => {
      worker.terminate()
      const solution = event.data
      if (!solution) {
        reject(new Error('[botcheck] the challenge was not solved'))
        return
      }
      const payload: AltchaPayload = {
        challenge,
        solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      }
      resolve(btoa(JSON.stringify(payload)))
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(`[botcheck] solver worker failed: ${event.message}`))
    }
    worker.postMessage(challenge)
  })
}
