import { useTranslation } from 'react-i18next'
import { ProofDialog } from '../../kit/ui/ProofDialog'
import { checkDraw } from '../proof'
import type { PurchaseRow, RoomDraw, RoundId } from '../protocol'

/**
 * A draw's proof, checked in the browser (proof.ts): the server seed against its commitment, the
 * ticket list, its client seed and the winning ticket recomputed. The page holds the room's last
 * draws only; a round it does not hold is "not found" (the wire has no proof request).
 */
export function RoomProofDialog(props: {
  roundId: RoundId
  draw: RoomDraw | undefined
  purchases: readonly PurchaseRow[] | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { draw } = props
  const check = draw ? checkDraw(draw, props.purchases) : null
  const verdict = (ok: boolean | null) =>
    ok === null ? '' : ok ? t('rooms:proof.agrees') : t('rooms:proof.disagrees')
  return (
    <ProofDialog
      game="rooms"
      title={t('rooms:proof.title', { round: props.roundId })}
      status={draw ? 'ready' : 'notFound'}
      message={t('rooms:proof.notFound')}
      closeLabel={t('rooms:proof.close')}
      onClose={props.onClose}
    >
      {draw && check ? (
        <dl className="rooms-proof" data-testid="rooms.proof">
          <dt>{t('rooms:proof.serverSeed')}</dt>
          <dd className="mono">{draw.serverSeed}</dd>
          <dt>{t('rooms:proof.commitment')}</dt>
          <dd className="mono">{draw.commitment}</dd>
          <dd data-testid="rooms.proof-commitment" data-ok={check.commitmentOk}>
            {check.commitmentOk ? t('rooms:proof.commitmentOk') : t('rooms:proof.commitmentBad')}
          </dd>
          <dt>{t('rooms:proof.clientSeed')}</dt>
          <dd className="mono">{draw.clientSeed}</dd>
          <dt>{t('rooms:proof.nonce')}</dt>
          <dd>{draw.nonce}</dd>
          <dt>
            {t('rooms:proof.winningTicket', { ticket: draw.winningTicket, count: draw.tickets })}
          </dt>
          {check.listText === null ? (
            <dd data-testid="rooms.proof-no-list">{t('rooms:proof.noList')}</dd>
          ) : (
            <>
              <dd data-testid="rooms.proof-recomputed" data-ok={check.winningTicketOk}>
                {t('rooms:proof.recomputed', { ticket: check.winningTicket })}{' '}
                {verdict(check.winningTicketOk && check.clientSeedOk)}
              </dd>
              <dt>{t('rooms:proof.tickets')}</dt>
              <dd>
                <pre className="mono" data-testid="rooms.proof-list">
                  {check.listText}
                </pre>
              </dd>
            </>
          )}
        </dl>
      ) : null}
    </ProofDialog>
  )
}
