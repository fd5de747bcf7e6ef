import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../protocol'
import { formatMultiplier } from '../scene/crashView'
import { FairnessDialog } from './FairnessDialog'

/** Props of `HistoryStrip`. */
export interface HistoryStripProps {
  /** Finished rounds, newest first. */
  history: readonly HistoryEntry[]
  /** The chain's published terminating hash (from the snapshot), shown in each proof. */
  terminatingHash?: string
}

/** Tone of a past crash point: red below 2x, gold from 10x, green between. */
function tone(point: number): 'low' | 'mid' | 'high' {
  return point < 200 ? 'low' : point < 1000 ? 'mid' : 'high'
}

/** The last rounds as chips; each opens its fairness proof. */
export function HistoryStrip({ history, terminatingHash }: HistoryStripProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<HistoryEntry | null>(null)
  return (
    <nav
      className="crash-history"
      aria-label={t('crash:history.title')}
      data-testid="crash.history"
    >
      <ol>
        {history.map((entry) => (
          <li key={entry.roundId}>
            <button
              type="button"
              className={`crash-history__chip crash-history__chip--${tone(entry.crashPoint)}`}
              data-testid="crash.history-item"
              data-round-id={entry.roundId}
              aria-label={t('crash:history.open', {
                round: entry.roundId,
                multiplier: formatMultiplier(entry.crashPoint),
              })}
              onClick={() => setOpen(entry)}
            >
              {formatMultiplier(entry.crashPoint)}
            </button>
          </li>
        ))}
      </ol>
      {open ? (
        <FairnessDialog
          roundId={open.roundId}
          proof={{ status: 'ready', entry: open, terminatingHash }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </nav>
  )
}
