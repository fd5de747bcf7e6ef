import { useTranslation } from 'react-i18next'
import { ResultStrip, type ResultTone } from '../../kit/ui/ResultStrip'
import type { HistoryEntry } from '../protocol'
import { decimalSign } from '../../engine/money'
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
function tone(entry: HistoryEntry): ResultTone {
  return entry.crashPoint < 200 ? 'low' : entry.crashPoint < 1000 ? 'mid' : 'high'
}

/** The last crash points as the kit's result chips; each opens its fairness proof. */
export function HistoryStrip({ history, terminatingHash }: HistoryStripProps) {
  const { t, i18n } = useTranslation()
  // The interface language is the money locale's code (en, ru, kz).
  const decimal = decimalSign(
    i18n.language === 'ru' || i18n.language === 'kz' ? i18n.language : 'en',
  )
  return (
    <ResultStrip
      game="crash"
      items={history}
      idOf={(entry) => entry.roundId}
      textOf={(entry) => formatMultiplier(entry.crashPoint, decimal)}
      toneOf={tone}
      labelOf={(entry) =>
        t('crash:history.open', {
          round: entry.roundId,
          multiplier: formatMultiplier(entry.crashPoint, decimal),
        })
      }
      renderProof={(entry, close) => (
        <FairnessDialog
          roundId={entry.roundId}
          proof={{ status: 'ready', entry, terminatingHash }}
          onClose={close}
        />
      )}
    />
  )
}
