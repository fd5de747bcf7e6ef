import { useTranslation } from 'react-i18next'
import type { CrashPoint } from '../../engine/fairness'
import { lazyModule, useLazyModule } from '../../kit/ui/lazyModule'
import { ProofDialog, useProofRequest, type ProofStatus } from '../../kit/ui/ProofDialog'
import type { HistoryEntry, RoundId } from '../protocol'
import { formatMultiplier } from '../scene/crashView'
import type { LoadRoundProof } from './roundProof'

/** What the dialog shows: a proof at hand (a strip round, or one the service sent), or not yet. */
export type ProofState =
  | { status: 'ready'; entry: HistoryEntry; terminatingHash?: string }
  | { status: Exclude<ProofStatus, 'ready'> }

/** Props of `FairnessDialog`. */
export interface FairnessDialogProps {
  roundId: RoundId
  proof: ProofState
  onClose: () => void
  /** Asks again after a failed load; the retry button shows only with it. */
  onRetry?: () => void
}

/** The maths that recompute the crash point (SHA-256, HMAC), fetched when a proof is opened. */
const fairness = lazyModule(() => import('../../engine/fairness'))

const MESSAGE_KEYS: Record<Exclude<ProofStatus, 'ready'>, string> = {
  loading: 'crash:fairness.loading',
  notFound: 'crash:fairness.notFound',
  failed: 'crash:fairness.failed',
}

/**
 * A finished round's proof in the kit's dialog: its hash and the public salt, the crash point
 * recomputed here in the browser from them, and the command that checks it (and the chain)
 * independently.
 */
export function FairnessDialog({ roundId, proof, onClose, onRetry }: FairnessDialogProps) {
  const { t } = useTranslation()
  const maths = useLazyModule(fairness)
  // The proof's own status first (a round not found stays not found); then the maths'.
  const status = proof.status === 'ready' ? maths.status : proof.status
  const retry = proof.status === 'ready' ? maths.retry : onRetry
  return (
    <ProofDialog
      game="crash"
      title={t('crash:fairness.title', { round: roundId })}
      status={status}
      message={status === 'ready' ? '' : t(MESSAGE_KEYS[status])}
      closeLabel={t('crash:fairness.close')}
      retry={retry ? { label: t('crash:fairness.retry'), onRetry: retry } : undefined}
      onClose={onClose}
    >
      {proof.status === 'ready' && maths.status === 'ready' ? (
        <ProofBody
          entry={proof.entry}
          terminatingHash={proof.terminatingHash}
          crashPoint={maths.module.crashPoint}
        />
      ) : null}
    </ProofDialog>
  )
}

/**
 * The fairness proof of a round named by id (the crash page's `?round=` parameter): asks the
 * crash service for it, which serves finished rounds only, then shows it like a strip round's.
 */
export function RoundProofDialog(props: {
  roundId: RoundId
  load: LoadRoundProof
  onClose: () => void
}) {
  const request = useProofRequest(props.roundId, props.load)
  const proof: ProofState =
    request.status === 'ready' && request.proof
      ? {
          status: 'ready',
          entry: request.proof.round,
          terminatingHash: request.proof.terminatingHash,
        }
      : { status: request.status === 'ready' ? 'loading' : request.status }
  return (
    <FairnessDialog
      roundId={props.roundId}
      proof={proof}
      onClose={props.onClose}
      onRetry={request.retry}
    />
  )
}

function ProofBody({
  entry,
  terminatingHash,
  crashPoint,
}: {
  entry: HistoryEntry
  terminatingHash?: string
  crashPoint: (roundHash: string, salt: string) => CrashPoint
}) {
  const { t } = useTranslation()
  const computed = crashPoint(entry.roundHash, entry.salt)
  const matches = computed === entry.crashPoint
  const command = `npm run fair -- crash --hash ${entry.roundHash}`
  return (
    <>
      <dl>
        <dt>{t('crash:fairness.hash')}</dt>
        <dd data-testid="crash.fairness-hash">
          <code>{entry.roundHash}</code>
        </dd>
        <dt>{t('crash:fairness.salt')}</dt>
        <dd>
          <code>{entry.salt}</code>
        </dd>
        {terminatingHash ? (
          <>
            <dt>{t('crash:fairness.terminating')}</dt>
            <dd data-testid="crash.fairness-terminating">
              <code>{terminatingHash}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('crash:fairness.reported')}</dt>
        <dd data-testid="crash.fairness-reported">{formatMultiplier(entry.crashPoint)}</dd>
        <dt>{t('crash:fairness.computed')}</dt>
        <dd data-testid="crash.fairness-computed">{formatMultiplier(computed)}</dd>
      </dl>
      <p
        className={matches ? 'game-dialog__ok' : 'game-dialog__bad'}
        data-testid="crash.fairness-verdict"
      >
        {t(matches ? 'crash:fairness.match' : 'crash:fairness.mismatch')}
      </p>
      <p>{t('crash:fairness.verify')}</p>
      <pre className="game-dialog__command">
        <code>{command}</code>
      </pre>
    </>
  )
}
