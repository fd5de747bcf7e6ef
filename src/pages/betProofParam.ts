import { useSearch } from '@tanstack/react-router'
import { parseBetSearch } from '../../games/kit'
import { useDropSearchParam } from './dropSearchParam'

/**
 * An instant game page's `?bet=<id>` (profile history links): the bet whose proof is open, and
 * what closing it does.
 */
export function useBetProofParam(): { proofBet: string | null; onProofClosed: () => void } {
  const proofBet = parseBetSearch(useSearch({ strict: false })).bet
  return { proofBet, onProofClosed: useDropSearchParam('bet') }
}
