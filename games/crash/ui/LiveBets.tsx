import { useTranslation } from 'react-i18next'
import { formatMoney, type MoneyLocale } from '../../engine/money'
import type { BetRow } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/** Props of `LiveBets`. */
export interface LiveBetsProps {
  bets: readonly BetRow[]
  locale: MoneyLocale
}

/** The live bets of the current round: who bet what, who cashed out where and what they won. */
export function LiveBets({ bets, locale }: LiveBetsProps) {
  const { t } = useTranslation()
  // Winners first (highest cash-out), then open bets by size: the table reads like a leaderboard.
  const rows = [...bets].sort(
    (a, b) => (b.cashoutAt ?? 0) - (a.cashoutAt ?? 0) || b.amount - a.amount,
  )
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
              <tr key={row.betId} className={`crash-bets__row crash-bets__row--${row.status}`}>
                <td>{row.player}</td>
                <td>{formatMoney(row.amount, row.currency, locale)}</td>
                <td>{row.cashoutAt === null ? '—' : formatMultiplier(row.cashoutAt)}</td>
                <td>
                  {row.win === null || row.win === 0
                    ? '—'
                    : formatMoney(row.win, row.currency, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
