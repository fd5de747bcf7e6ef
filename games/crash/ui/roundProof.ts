/**
 * Asking the crash service for one finished round's proof (`GET /api/games/crash/rounds/:id`),
 * for a round opened by URL that the history strip may not hold. The answer is parsed with the
 * crash protocol on arrival, like every socket event.
 */
import {
  ROUND_PROOF_PATH,
  roundProofErrorSchema,
  roundProofSchema,
  type RoundId,
  type RoundProof,
} from '../protocol'

/** What a proof request ends in: the proof, "no such finished round", or a failure to retry. */
export type RoundProofResult =
  { type: 'ok'; proof: RoundProof } | { type: 'notFound' } | { type: 'failed' }

/** Loads one round's proof; the crash game takes a fake one in tests. */
export type LoadRoundProof = (roundId: RoundId, signal: AbortSignal) => Promise<RoundProofResult>

/** A {@link LoadRoundProof} over `fetch` against the crash service at `serviceUrl`. */
export function roundProofLoader(
  serviceUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): LoadRoundProof {
  const base = serviceUrl.replace(/\/+$/, '')
  return async (roundId, signal) => {
    let response: Response
    let body: unknown
    try {
      response = await fetchImpl(`${base}${ROUND_PROOF_PATH}/${encodeURIComponent(roundId)}`, {
        signal,
        headers: { accept: 'application/json' },
      })
      body = await response.json()
    } catch (error) {
      if (signal.aborted) throw error
      return { type: 'failed' } // offline, or not JSON (a proxy's error page): worth a retry
    }
    if (response.status === 404 && roundProofErrorSchema.safeParse(body).success) {
      return { type: 'notFound' }
    }
    if (!response.ok) return { type: 'failed' }
    const parsed = roundProofSchema.safeParse(body)
    if (!parsed.success) {
      // The two ends disagree on the protocol: a bug, not a state to show the player.
      throw new Error(
        `[crash/roundProof] malformed proof of round ${roundId}: ${parsed.error.message}`,
      )
    }
    if (parsed.data.round.roundId !== roundId) {
      throw new Error(
        `[crash/roundProof] asked for round ${roundId}, got ${parsed.data.round.roundId}`,
      )
    }
    return { type: 'ok', proof: parsed.data }
  }
}
