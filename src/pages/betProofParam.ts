import { useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { parseBetSearch } from '../../games/kit'

/**
 * What closing a proof opened by a search parameter does (`?bet=` on an instant game, `?round=`
 * on crash): drops that parameter in place, so Back leaves the page instead of reopening it.
 */
export function useDropSearchParam(key: string): () => void {
  const router = useRouter()
  return useCallback(() => {
    const { pathname, search, hash } = router.state.location
    const rest = Object.fromEntries(Object.entries(search).filter(([name]) => name !== key))
    void router.navigate({ to: pathname, search: rest, hash, replace: true })
  }, [router, key])
}

/**
 * An instant game page's `?bet=<id>` (profile history links): the bet whose proof is open, and
 * what closing it does.
 */
export function useBetProofParam(): { proofBet: string | null; onProofClosed: () => void } {
  const proofBet = parseBetSearch(useSearch({ strict: false })).bet
  return { proofBet, onProofClosed: useDropSearchParam('bet') }
}
