import { useEffect, useEffectEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { crashPoint } from '../../engine/fairness'
import type { HistoryEntry, RoundId } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/**
 * What the dialog shows: a proof at hand (a history strip round, or one the service sent), or
 * the state of asking the service for one (a round opened by URL).
 */
export type ProofState =
  | { status: 'ready'; entry: HistoryEntry; terminatingHash?: string }
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }

/** Props of `FairnessDialog`. */
export interface FairnessDialogProps {
  roundId: RoundId
  proof: ProofState
  onClose: () => void
  /** Asks again after a failed load; the retry button shows only with it. */
  onRetry?: () => void
}

/**
 * A finished round's proof: its hash and the public salt, the crash point recomputed here in the
 * browser from them, and the command that checks it (and the chain) independently.
 */
export function FairnessDialog({ roundId, proof, onClose, onRetry }: FairnessDialogProps) {
  const { t } = useTranslation()
  const closeRef = useRef<HTMLButtonElement>(null)
  // The game re-renders on every stream event, with a new `onClose` each time: focus the close
  // button and listen for Esc once per opening, not once per render.
  const close = useEffectEvent(() => onClose())
  useEffect(() => {
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    // The backdrop is a scrim, not a control: a click on it is the mouse's shortcut for Close,
    // which the keyboard has as Esc (above) and the focused Close button.
    <div
      className="crash-dialog__backdrop"
      role="presentation"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        className="crash-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="crash-fairness-title"
        aria-busy={proof.status === 'loading'}
        data-testid="crash.fairness-dialog"
        data-status={proof.status}
      >
        <h2 id="crash-fairness-title">{t('crash:fairness.title', { round: roundId })}</h2>
        {proof.status === 'ready' ? (
          <ProofBody entry={proof.entry} terminatingHash={proof.terminatingHash} />
        ) : (
          <p
            role={proof.status === 'loading' ? 'status' : 'alert'}
            data-testid="crash.fairness-message"
          >
            {t(MESSAGE_KEYS[proof.status])}
          </p>
        )}
        <div className="crash-dialog__actions">
          {proof.status === 'failed' && onRetry ? (
            <button type="button" className="button button--ghost" onClick={onRetry}>
              {t('crash:fairness.retry')}
            </button>
          ) : null}
          <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
            {t('crash:fairness.close')}
          </button>
        </div>
      </div>
    </div>
  )
}

const MESSAGE_KEYS: Record<Exclude<ProofState['status'], 'ready'>, string> = {
  loading: 'crash:fairness.loading',
  notFound: 'crash:fairness.notFound',
  failed: 'crash:fairness.failed',
}

function ProofBody({ entry, terminatingHash }: { entry: HistoryEntry; terminatingHash?: string }) {
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
        className={matches ? 'crash-dialog__ok' : 'crash-dialog__bad'}
        data-testid="crash.fairness-verdict"
      >
        {t(matches ? 'crash:fairness.match' : 'crash:fairness.mismatch')}
      </p>
      <p>{t('crash:fairness.verify')}</p>
      <pre className="crash-dialog__command">
        <code>{command}</code>
      </pre>
    </>
  )
}
