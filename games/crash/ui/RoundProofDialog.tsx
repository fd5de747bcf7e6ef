import { useEffect, useState } from 'react'
import type { RoundId } from '../protocol'
import { FairnessDialog, type ProofState } from './FairnessDialog'
import type { LoadRoundProof } from './roundProof'

/** Props of `RoundProofDialog`. */
export interface RoundProofDialogProps {
  roundId: RoundId
  load: LoadRoundProof
  onClose: () => void
}

/**
 * The fairness proof of a round named by id (the crash page's `?round=` parameter): asks the
 * crash service for it, which serves finished rounds only, then shows it like a strip round's,
 * the crash point recomputed in the browser from the hash.
 */
export function RoundProofDialog({ roundId, load, onClose }: RoundProofDialogProps) {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{ key: string; proof: ProofState } | null>(null)
  const key = `${roundId}#${attempt}`
  useEffect(() => {
    const abort = new AbortController()
    load(roundId, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return
        const proof: ProofState =
          answer.type === 'ok'
            ? {
                status: 'ready',
                entry: answer.proof.round,
                terminatingHash: answer.proof.terminatingHash,
              }
            : { status: answer.type }
        setResult({ key, proof })
      },
      (error: unknown) => {
        if (abort.signal.aborted) return
        setResult({ key, proof: { status: 'failed' } })
        throw error // a protocol mismatch is a bug: let it reach the error reporting
      },
    )
    return () => abort.abort()
  }, [load, roundId, key])
  // A result belongs to the request it answered; a new round or a retry shows "loading" at once.
  const proof: ProofState = result?.key === key ? result.proof : { status: 'loading' }
  return (
    <FairnessDialog
      roundId={roundId}
      proof={proof}
      onClose={onClose}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  )
}
