import { useTranslation } from 'react-i18next'
import { ProofDialog, useProofRequest, type ProofStatus } from '../../kit/ui/ProofDialog'
import { checkDraw, type DrawCheck } from '../proof'
import type { PurchaseRow, RoomDraw, RoundId } from '../protocol'
import type { LoadRoundProof } from './roundProof'

/** Props of `RoomProofDialog`. */
export interface RoomProofDialogProps {
  roundId: RoundId
  /** The draw, when it is among the room's last draws the page holds. */
  draw: RoomDraw | undefined
  /** The round's ticket list as the page saw it sold, if it watched the round. */
  purchases: readonly PurchaseRow[] | undefined
  /** Asks the rooms for a draw the page cannot check from what it holds. */
  load: LoadRoundProof
  onClose: () => void
}

/** A check made with the round's whole ticket list: everything is recomputed. */
type FullCheck = DrawCheck & {
  readonly listText: string
  readonly winningTicket: number
  readonly winningTicketOk: boolean
  readonly clientSeedOk: boolean
}

/** `checkDraw` recomputes the client seed and the winner exactly when it had the whole list. */
const isFull = (check: DrawCheck): check is FullCheck => check.listText !== null

const MESSAGE_KEYS: Record<Exclude<ProofStatus, 'ready'>, string> = {
  loading: 'rooms:proof.loading',
  notFound: 'rooms:proof.notFound',
  failed: 'rooms:proof.failed',
}

/**
 * A draw's proof, checked in the browser (proof.ts): the server seed against its commitment, the
 * ticket list, its client seed and the winning ticket recomputed. A draw the page holds with the
 * whole list it watched sold is checked with no request; any other round (an older draw, a round
 * the page joined late, a link from the bet history) is asked of the rooms, which send its draw and
 * whole list. A page opened on a link asks before its snapshot lands rather than wait on the
 * socket; should the snapshot then hold the draw and its list, the dialog checks those instead.
 */
export function RoomProofDialog({ roundId, draw, purchases, load, onClose }: RoomProofDialogProps) {
  const held = draw && purchases ? checkDraw(draw, purchases) : null
  return held && draw && isFull(held) ? (
    <DrawProofDialog
      roundId={roundId}
      status="ready"
      proof={{ draw, check: held }}
      onClose={onClose}
    />
  ) : (
    <FetchedProofDialog roundId={roundId} load={load} onClose={onClose} />
  )
}

/** The proof of a round the page cannot check alone, as the rooms send it. */
function FetchedProofDialog(props: {
  roundId: RoundId
  load: LoadRoundProof
  onClose: () => void
}) {
  const request = useProofRequest(props.roundId, props.load)
  const answer = request.status === 'ready' ? request.proof : null
  const check = answer ? checkDraw(answer.draw, answer.purchases) : null
  if (check && !isFull(check)) {
    // roundProofSchema holds the list to the draw's tickets, so the check always has it.
    throw new Error(`[rooms/RoomProofDialog] the proof of ${props.roundId} lacks its ticket list`)
  }
  return (
    <DrawProofDialog
      roundId={props.roundId}
      status={request.status}
      proof={answer && check ? { draw: answer.draw, check } : null}
      onRetry={request.retry}
      onClose={props.onClose}
    />
  )
}

function DrawProofDialog(props: {
  roundId: RoundId
  status: ProofStatus
  proof: { draw: RoomDraw; check: FullCheck } | null
  onRetry?: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { status, proof, onRetry } = props
  return (
    <ProofDialog
      game="rooms"
      title={t('rooms:proof.title', { round: props.roundId })}
      status={status}
      message={status === 'ready' ? '' : t(MESSAGE_KEYS[status])}
      closeLabel={t('rooms:proof.close')}
      retry={onRetry ? { label: t('rooms:proof.retry'), onRetry } : undefined}
      onClose={props.onClose}
    >
      {proof ? <DrawProof draw={proof.draw} check={proof.check} /> : null}
    </ProofDialog>
  )
}

function DrawProof({ draw, check }: { draw: RoomDraw; check: FullCheck }) {
  const { t } = useTranslation()
  const agrees = check.winningTicketOk && check.clientSeedOk
  return (
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
      <dt>{t('rooms:proof.winningTicket', { ticket: draw.winningTicket, count: draw.tickets })}</dt>
      <dd data-testid="rooms.proof-recomputed" data-ok={agrees}>
        {t('rooms:proof.recomputed', { ticket: check.winningTicket })}{' '}
        {agrees ? t('rooms:proof.agrees') : t('rooms:proof.disagrees')}
      </dd>
      <dt>{t('rooms:proof.tickets')}</dt>
      <dd>
        <pre className="mono" data-testid="rooms.proof-list">
          {check.listText}
        </pre>
      </dd>
    </dl>
  )
}
