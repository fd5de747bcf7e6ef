import { useState } from 'react'
import type { LoadProof } from '../../ui/proof'

/** What `useUrlProof` gives a page: the round proof's loader, and which ids turned out bets. */
export interface UrlProof<T> {
  /** Asks for a round; when no round has the id and the game has bets, the id is a bet's. */
  load: LoadProof<string, T>
  /** Whether `id` was asked for as a round and is none: an auto-bet's, to ask for as a bet. */
  isBet: (id: string) => boolean
}

/**
 * The proof a stateful game's `?bet=<id>` opens. Its rounds and its auto-bets (instant bets on
 * its namespace) have ids alike (`b-` and a UUID), and the history and live tables link both the
 * same way: the round is asked for first, and an id no round has is then asked for as a bet when
 * the game has an Auto tab (`hasBets`), else it is not found. On such a game the bet proof's code
 * starts loading (`preloadBet`) while the round is asked for, so a bet's proof does not wait for
 * the two one after the other.
 */
export function useUrlProof<T>(
  loadRound: LoadProof<string, T>,
  hasBets: boolean,
  preloadBet: () => void = () => {},
): UrlProof<T> {
  const [betIds, setBetIds] = useState<readonly string[]>([])
  const [load] = useState<LoadProof<string, T>>(() => async (id: string, signal: AbortSignal) => {
    if (hasBets) preloadBet()
    const result = await loadRound(id, signal)
    if (result.type === 'notFound' && hasBets) {
      setBetIds((ids) => (ids.includes(id) ? ids : [...ids, id]))
    }
    return result
  })
  return { load, isBet: (id) => betIds.includes(id) }
}
