import {
  formatCount,
  formatMoney,
  type Currency,
  type Minor,
  type MoneyLocale,
} from '../../engine/money'
import { useKitText } from './kitText'
import { summarize, type SettledBet } from './sessionStats'
import './sessionStats.css'

/** Props of `SessionStats`. */
export interface SessionStatsProps {
  /** Test ids read `<game>.stats`, `<game>.stats-*`. */
  game: string
  id: string
  bets: readonly SettledBet[]
  currency: Currency
  locale: MoneyLocale
  onReset: () => void
}

/** The chart's drawing box; the SVG scales it to the panel's width. */
const WIDTH = 240
const HEIGHT = 64

/** The running profit as a line over a zero line, green above it and red below. */
function ProfitChart({ curve, label }: { curve: readonly number[]; label: string }) {
  const low = Math.min(0, ...curve)
  const high = Math.max(0, ...curve)
  const span = high - low || 1
  const x = (i: number) => (curve.length > 1 ? (i / (curve.length - 1)) * WIDTH : 0)
  const y = (v: number) => HEIGHT - 2 - ((v - low) / span) * (HEIGHT - 4)
  const points = curve.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')
  const last = curve.at(-1) ?? 0
  return (
    <svg
      className="game-stats__chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <line x1="0" x2={WIDTH} y1={y(0)} y2={y(0)} className="game-stats__zero" />
      <polyline
        points={points}
        fill="none"
        className={last < 0 ? 'game-stats__line game-stats__line--down' : 'game-stats__line'}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  )
}

/**
 * The session's statistics, for every game: wagered, profit, wins and losses, and the running
 * profit over the session's bets as a small chart. A session is this visit to the game's page.
 */
export function SessionStats({ game, id, bets, currency, locale, onReset }: SessionStatsProps) {
  const t = useKitText(game)
  const summary = summarize(bets)
  const money = (value: Minor) => formatMoney(value, currency, locale)
  const profit = `${summary.profit > 0 ? '+' : ''}${money(summary.profit)}`
  const count = (n: number) => formatCount(n, locale)
  return (
    <section
      id={id}
      className="game-stats"
      data-testid={`${game}.stats`}
      aria-labelledby={`${id}-title`}
    >
      <header className="game-stats__head">
        <h2 id={`${id}-title`}>{t('kit:stats.title')}</h2>
        <span data-testid={`${game}.stats-count`}>
          {t('kit:stats.bets', { formatted: count(summary.bets) })}
        </span>
        <button type="button" className="button button--ghost" onClick={onReset}>
          {t('kit:stats.reset')}
        </button>
      </header>
      <dl className="game-stats__figures">
        <div>
          <dt>{t('kit:stats.wagered')}</dt>
          <dd data-testid={`${game}.stats-wagered`}>{money(summary.wagered)}</dd>
        </div>
        <div>
          <dt>{t('kit:stats.profit')}</dt>
          <dd
            data-testid={`${game}.stats-profit`}
            className={
              summary.profit < 0 ? 'game-stats__down' : summary.profit > 0 ? 'game-stats__up' : ''
            }
          >
            {profit}
          </dd>
        </div>
        <div>
          <dt>{t('kit:stats.wins')}</dt>
          <dd data-testid={`${game}.stats-wins`}>{count(summary.wins)}</dd>
        </div>
        <div>
          <dt>{t('kit:stats.losses')}</dt>
          <dd data-testid={`${game}.stats-losses`}>{count(summary.losses)}</dd>
        </div>
      </dl>
      {summary.bets > 0 ? (
        <ProfitChart curve={summary.curve} label={t('kit:stats.chart', { profit })} />
      ) : (
        <p className="game-stats__empty">{t('kit:stats.empty')}</p>
      )}
    </section>
  )
}
