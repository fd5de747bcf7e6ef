/**
 * Asking a game service for one finished round's proof over HTTP (crash: `GET
 * /api/games/crash/rounds/:id`), for a round the page's history may not hold. The answer is
 * parsed with the game's schema on arrival, like every socket event.
 */
import type { z } from 'zod/mini'

/** What a proof request ends in: the proof, "no such finished round", or a failure to retry. */
export type ProofResult<T> = { type: 'ok'; proof: T } | { type: 'notFound' } | { type: 'failed' }

/** Loads one round's proof; a game takes a fake one in tests. */
export type LoadProof<Id extends string, T> = (
  id: Id,
  signal: AbortSignal,
) => Promise<ProofResult<T>>

/** Where and how a game serves its proofs. */
export interface ProofEndpoint<T> {
  /** Who asks, for error messages (`crash/roundProof`). */
  where: string
  /** The path under the service, without the id: `/api/games/crash/rounds`. */
  path: string
  /** The proof. */
  schema: z.ZodMiniType<T>
  /** The service's "no such finished round" answer (a 404 body). */
  notFound: z.ZodMiniType
  /** The round a proof is of, so an answer about another round is caught. */
  idOf: (proof: T) => string
}

/** A {@link LoadProof} over `fetch` against the service at `serviceUrl`. */
export function proofLoader<Id extends string, T>(
  endpoint: ProofEndpoint<T>,
  serviceUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): LoadProof<Id, T> {
  const base = serviceUrl.replace(/\/+$/, '')
  return async (id, signal) => {
    let response: Response
    let body: unknown
    try {
      response = await fetchImpl(`${base}${endpoint.path}/${encodeURIComponent(id)}`, {
        signal,
        headers: { accept: 'application/json' },
      })
      body = await response.json()
    } catch (error) {
      if (signal.aborted) throw error
      return { type: 'failed' } // offline, or not JSON (a proxy's error page): worth a retry
    }
    if (response.status === 404 && endpoint.notFound.safeParse(body).success) {
      return { type: 'notFound' }
    }
    if (!response.ok) return { type: 'failed' }
    const parsed = endpoint.schema.safeParse(body)
    if (!parsed.success) {
      // The two ends disagree on the protocol: a bug, not a state to show the player.
      throw new Error(`[${endpoint.where}] malformed proof of round ${id}: ${parsed.error.message}`)
    }
    const answered = endpoint.idOf(parsed.data)
    if (answered !== id) {
      throw new Error(`[${endpoint.where}] asked for round ${id}, got ${answered}`)
    }
    return { type: 'ok', proof: parsed.data }
  }
}
