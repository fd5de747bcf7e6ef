// Apart from betProofParam.ts, which reads the kit's barrel: crash's page uses only this hook, and
// the barrel would bring the instant games' kit into crash's chunks (bench/bundleBudget.ts).
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

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
