import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type MoneyLocale } from '../../engine/money'
import type { BetRow } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/** Props of `LiveBets`. */
export interface LiveBetsProps {
  bets: readonly BetRow[]
  locale: MoneyLocale
}

/**
 * Rows the table shows at most: the leaders. A busy round holds thousands of bets, and rendering
 * every one on each 100 ms batch is what made the page drop frames; the header counts them all.
 */
export const LIVE_BETS_SHOWN = 40

/** Winners first (highest cash-out), then open bets by size: the table reads like a leaderboard. */
export function compareBets(a: BetRow, b: BetRow): number {
  return (b.cashoutAt ?? 0) - (a.cashoutAt ?? 0) || b.amount - a.amount
}

/**
 * The first `limit` rows of `bets` in `compareBets` order, stable for ties, without sorting the
 * whole list: one pass keeping a sorted top list, so a batch costs O(n) for the usual row that
 * does not make the top.
 */
export function leadingBets(bets: readonly BetRow[], limit: number): BetRow[] {
  const top: BetRow[] = []
  if (limit <= 0) return top
  for (const row of bets) {
    const last = top[top.length - 1]
    if (top.length === limit && last && compareBets(row, last) >= 0) continue
    // Insert after every row that sorts before it or ties (stability: earlier rows stay first).
    let at = top.length
    while (at > 0 && compareBets(row, top[at - 1]!) < 0) at--
    top.splice(at, 0, row)
    if (top.length > limit) top.pop()
  }
  return top
}

/**
 * The live bets of the current round: who bet what, who cashed out where and what they won. Rows
 * are memoised by identity (the round machine keeps the object of a row a batch did not change),
 * so a batch re-renders only the rows it touched.
 */
export const LiveBets = memo(function LiveBets({ bets, locale }: LiveBetsProps) {
  const { t } = useTranslation()
  const rows = useMemo(() => leadingBets(bets, LIVE_BETS_SHOWN), [bets])
  return (
    <section
      className="crash-bets"
      data-testid="crash.live-bets"
      aria-label={t('crash:bets.title')}
    >
      <header className="crash-bets__header">
        <h2>{t('crash:bets.title')}</h2>
        <span data-testid="crash.live-bets-count">
          {t('crash:bets.count', { count: bets.length })}
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="crash-bets__empty">{t('crash:bets.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('crash:bets.player')}</th>
              <th scope="col">{t('crash:bets.amount')}</th>
              <th scope="col">{t('crash:bets.cashout')}</th>
              <th scope="col">{t('crash:bets.win')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <LiveBetRow key={row.betId} row={row} locale={locale} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
})

const LiveBetRow = memo(function LiveBetRow({ row, locale }: { row: BetRow; locale: MoneyLocale }) {
  return (
    <tr className={`crash-bets__row crash-bets__row--${row.status}`}>
      <td>{row.player}</td>
      <td>{formatMoney(row.amount, row.currency, locale)}</td>
      <td>{row.cashoutAt === null ? '—' : formatMultiplier(row.cashoutAt)}</td>
      <td>
        {row.win === null || row.win === 0 ? '—' : formatMoney(row.win, row.currency, locale)}
      </td>
    </tr>
  )
})
