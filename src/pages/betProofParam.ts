import { useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { parseBetSearch } from '../../games/kit'

/**
 * An instant game page's `?bet=<id>` (profile history links): the bet whose proof is open, and
 * what closing it does. Closing drops the parameter in place, so Back leaves the page instead of
 * reopening the proof.
 */
export function useBetProofParam(): { proofBet: string | null; onProofClosed: () => void } {
  const proofBet = parseBetSearch(useSearch({ strict: false })).bet
  const router = useRouter()
  const onProofClosed = useCallback(() => {
    const { pathname, search, hash } = router.state.location
    const rest = Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'bet'))
    void router.navigate({ to: pathname, search: rest, hash, replace: true })
  }, [router])
  return { proofBet, onProofClosed }
}
