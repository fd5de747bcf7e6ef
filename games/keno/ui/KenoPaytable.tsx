import { memo } from 'react'
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

/** One formatter per locale: making an `Intl.NumberFormat` costs far more than formatting. */
const multiplierFormats = new Map<MoneyLocale, Intl.NumberFormat>()

/** A multiplier as the table shows it: up to two decimals, in the player's number format. */
export function formatTableMultiplier(tenThousandths: number, locale: MoneyLocale): string {
  let format = multiplierFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(MONEY_NUMBER_LOCALE[locale], { maximumFractionDigits: 2 })
    multiplierFormats.set(locale, format)
  }
  return format.format(tenThousandths / MULTIPLIER_SCALE)
}

/** One cell of the table: a range of hit counts (`from`–`to`) and what each of them pays. */
export interface PaytableCell {
  from: number
  to: number
  multiplier: number
}

/**
 * A row of a table as cells, the hit counts that pay nothing at its start merged into one
 * (`0–2: 0×`), so ten picks fit a phone's width in one line.
 */
export function paytableCells(row: readonly number[]): PaytableCell[] {
  const firstPaying = row.findIndex((m) => m > 0)
  const zeros = firstPaying === -1 ? row.length : firstPaying
  const cells: PaytableCell[] = zeros > 0 ? [{ from: 0, to: zeros - 1, multiplier: 0 }] : []
  for (let h = zeros; h < row.length; h++) cells.push({ from: h, to: h, multiplier: row[h]! })
  return cells
}

/**
 * The pay table of the current picks and risk: what each number of hits pays, with the hit count
 * of the draw being shown highlighted (it moves as the numbers arrive). Memoised: the page
 * re-renders at every number drawn, and the table changes only when the hits do.
 */
export const KenoPaytable = memo(function KenoPaytable({
  risk,
  picks,
  hits,
  locale,
}: KenoPaytableProps) {
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
    <ul
      className="keno-paytable"
      data-testid="keno.paytable"
      data-risk={risk}
      aria-label={t('keno:paytable.caption', { picked: picks, risk: t(RISK_NAMES[risk]) })}
    >
      {paytableCells(row).map((cell) => {
        const now = hits !== null && hits >= cell.from && hits <= cell.to
        const range = cell.from === cell.to ? String(cell.from) : `${cell.from}–${cell.to}`
        return (
          <li
            key={cell.from}
            className={now ? 'keno-paytable__now' : undefined}
            data-testid={`keno.pays-${cell.from}`}
            data-hits={range}
            aria-current={now ? 'true' : undefined}
          >
            <span className="keno-paytable__pays">
              {t('keno:paytable.times', {
                multiplier: formatTableMultiplier(cell.multiplier, locale),
              })}
            </span>
            <span className="keno-paytable__hits">
              <span aria-hidden="true">{range}</span>
              <span className="visually-hidden">
                {t('keno:paytable.hitsCell', { hits: range })}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
})
