import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { crashPoint } from '../../engine/fairness'
import type { HistoryEntry } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/** Props of `FairnessDialog`. */
export interface FairnessDialogProps {
  entry: HistoryEntry
  onClose: () => void
}

/**
 * A finished round's proof: its hash and the public salt, the crash point recomputed here in the
 * browser from them, and the command that checks it (and the chain) independently.
 */
export function FairnessDialog({ entry, onClose }: FairnessDialogProps) {
  const { t } = useTranslation()
  const closeRef = useRef<HTMLButtonElement>(null)
  const computed = crashPoint(entry.roundHash, entry.salt)
  const matches = computed === entry.crashPoint
  const command = `npm run fair -- crash --hash ${entry.roundHash}`
  useEffect(() => {
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div className="crash-dialog__backdrop" onClick={onClose}>
      <div
        className="crash-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="crash-fairness-title"
        data-testid="crash.fairness-dialog"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="crash-fairness-title">{t('crash:fairness.title', { round: entry.roundId })}</h2>
        <dl>
          <dt>{t('crash:fairness.hash')}</dt>
          <dd data-testid="crash.fairness-hash">
            <code>{entry.roundHash}</code>
          </dd>
          <dt>{t('crash:fairness.salt')}</dt>
          <dd>
            <code>{entry.salt}</code>
          </dd>
          <dt>{t('crash:fairness.reported')}</dt>
          <dd>{formatMultiplier(entry.crashPoint)}</dd>
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
        <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
          {t('crash:fairness.close')}
        </button>
      </div>
    </div>
  )
}
