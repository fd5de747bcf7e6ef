import { useLazyModule, type LazyModule } from './lazyModule'
import type { LoadProof } from './proof'
import { useProofRequest, type ProofDialogProps } from './ProofDialog'
import { useKitText } from './kitText'

/**
 * A proof being fetched by id with the verifier that checks it, both loaded when the dialog
 * opens (an instant bet's or a stateful round's): the proof and the verifier once ready, and the
 * `ProofDialog` props that say where they stand. The proof's own status comes first (a round not
 * found stays not found), then the verifier's; a retry asks again for whichever failed.
 */
export function useVerifiedProof<T, M>(
  game: string,
  id: string,
  load: LoadProof<string, T>,
  verifier: LazyModule<M>,
): {
  proof: T | null
  verifier: M | null
  dialog: Pick<ProofDialogProps, 'game' | 'status' | 'message' | 'closeLabel' | 'retry'>
} {
  const t = useKitText(game)
  const request = useProofRequest(id, load)
  const verify = useLazyModule(verifier)
  const status = request.status === 'ready' ? verify.status : request.status
  return {
    proof: request.proof,
    verifier: verify.status === 'ready' ? verify.module : null,
    dialog: {
      game,
      status,
      message:
        status === 'notFound'
          ? t('kit:proof.notFound')
          : status === 'failed'
            ? t('kit:proof.failed')
            : t('kit:proof.loading'),
      closeLabel: t('kit:instant.close'),
      retry: {
        label: t('kit:proof.retry'),
        onRetry: request.status === 'ready' ? verify.retry : request.retry,
      },
    },
  }
}
