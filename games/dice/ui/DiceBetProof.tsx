import { useTranslation } from 'react-i18next'
import { verifyInstantBet } from '../../kit/instant/verify'
import { ProofDialog, useProofRequest } from '../../kit/ui/ProofDialog'
import { diceRules, formatHundredths } from '../rules'
import type { LoadDiceBetProof } from './betProof'

/** Props of `DiceBetProof`. */
export interface DiceBetProofProps {
  betId: string
  load: LoadDiceBetProof
  onClose: () => void
}

/**
 * Any dice bet's proof, opened by its id: the seed pair and nonce it was drawn from, and the roll
 * recomputed here, in the browser, once the pair is rotated and the server seed revealed.
 */
export function DiceBetProof({ betId, load, onClose }: DiceBetProofProps) {
  const { t } = useTranslation()
  const request = useProofRequest(betId, load)
  const proof = request.proof
  const verdict = proof ? verifyInstantBet(diceRules, proof) : null
  const message =
    request.status === 'notFound'
      ? t('dice:proof.notFound')
      : request.status === 'failed'
        ? t('dice:proof.failed')
        : t('dice:proof.loading')
  return (
    <ProofDialog
      game="dice"
      title={t('dice:proof.title')}
      status={request.status}
      message={message}
      closeLabel={t('kit:instant.close')}
      retry={{ label: t('dice:proof.retry'), onRetry: request.retry }}
      onClose={onClose}
    >
      {proof && verdict ? (
        <>
          <dl data-testid="dice.proof">
            <dt>{t('dice:proof.roll')}</dt>
            <dd data-testid="dice.proof-roll">{formatHundredths(proof.outcome.roll)}</dd>
            <dt>{t('dice:proof.target')}</dt>
            <dd>
              {t(proof.params.direction === 'over' ? 'dice:fields.over' : 'dice:fields.under')}{' '}
              {formatHundredths(proof.params.target)}
            </dd>
            <dt>{t('dice:proof.clientSeed')}</dt>
            <dd>
              <code>{proof.clientSeed}</code>
            </dd>
            <dt>{t('dice:proof.nonce')}</dt>
            <dd>{proof.nonce}</dd>
            <dt>{t('dice:proof.serverSeedHash')}</dt>
            <dd>
              <code>{proof.serverSeedHash}</code>
            </dd>
            <dt>{t('dice:proof.serverSeed')}</dt>
            <dd>
              <code>{proof.serverSeed ?? t('dice:proof.secret')}</code>
            </dd>
          </dl>
          <p
            className={
              verdict.status === 'verified'
                ? 'game-dialog__ok'
                : verdict.status === 'unrevealed'
                  ? undefined
                  : 'game-dialog__bad'
            }
            data-testid="dice.proof-verdict"
            data-status={verdict.status}
          >
            {verdict.status === 'verified'
              ? t('dice:proof.verified', { roll: formatHundredths(verdict.outcome.roll) })
              : verdict.status === 'unrevealed'
                ? t('dice:proof.unrevealed')
                : verdict.status === 'badSeed'
                  ? t('dice:proof.badSeed')
                  : t('dice:proof.mismatch', { roll: formatHundredths(verdict.outcome.roll) })}
          </p>
        </>
      ) : null}
    </ProofDialog>
  )
}
