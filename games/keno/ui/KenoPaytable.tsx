import { useTranslation } from 'react-i18next'
import { RISK_NAMES } from './riskNames'
import { MONEY_NUMBER_LOCALE, type MoneyLocale } from '../../engine/money'
import { MULTIPLIER_SCALE } from '../../kit/instant/protocol'
import { KENO_TABLES, type KenoRisk } from '../rules'

/** Props of `KenoPaytable`. */
export interface KenoPaytableProps {
  risk: KenoRisk
  /** How many numbers are picked (0: none yet, the table waits for a pick). */
  picks: number
  /** The hits among the numbers drawn so far, highlighted as the draw arrives; null: no draw. */
  hits: number | null
  locale: MoneyLocale
}

/** A multiplier as the table shows it: up to two decimals, in the player's number format. */
export function formatTableMultiplier(tenThousandths: number, locale: MoneyLocale): string {
  return new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], { maximumFractionDigits: 2 }).format(
    tenThousandths / MULTIPLIER_SCALE,
  )
}

/**
 * The pay table of the current picks and risk: what each number of hits pays, with the hit count
 * of the draw being shown highlighted (it moves as the numbers arrive).
 */
export function KenoPaytable({ risk, picks, hits, locale }: KenoPaytableProps) {
  const { t } = useTranslation()
  const row = picks > 0 ? KENO_TABLES[risk][picks - 1] : undefined
  if (!row) {
    return (
      <p className="keno-paytable keno-paytable--empty" data-testid="keno.paytable">
        {t('keno:paytable.empty')}
      </p>
    )
  }
  return (
    <table className="keno-paytable" data-testid="keno.paytable" data-risk={risk}>
      <caption className="visually-hidden">
        {t('keno:paytable.caption', { picked: picks, risk: t(RISK_NAMES[risk]) })}
      </caption>
      <tbody>
        <tr>
          <th scope="row">{t('keno:paytable.multiplier')}</th>
          {row.map((m, h) => (
            <td
              key={h}
              className={h === hits ? 'keno-paytable__now' : undefined}
              data-testid={`keno.pays-${h}`}
              aria-current={h === hits ? 'true' : undefined}
            >
              {t('keno:paytable.times', { multiplier: formatTableMultiplier(m, locale) })}
            </td>
          ))}
        </tr>
        <tr>
          <th scope="row">{t('keno:paytable.hits')}</th>
          {row.map((_, h) => (
            <td key={h} className={h === hits ? 'keno-paytable__now' : undefined}>
              {h}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}
