import { memo, useMemo, type ReactNode } from 'react'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import type { BetId } from '../protocol'
import { useKitText } from './kitText'

/** What every game's live bets row has; a game's rows add their own fields (crash: cash-out). */
export interface LiveBetRow {
  betId: BetId
  /** The bettor's public name; null for a player who hides their statistics. */
  player: string | null
  amount: Minor
  currency: Currency
  /** The game's status of the bet, for `data`/class hooks. */
  status: string
  win: Minor | null
}

/** A column the game adds between the bet and the win: its header key and its cell. */
export interface LiveBetsColumn<R extends LiveBetRow> {
  /** Translation key of the header. */
  header: string
  cell: (row: R) => ReactNode
}

/** Props of `LiveBets`. */
export interface LiveBetsProps<R extends LiveBetRow> {
  /** Test ids read `<game>.live-bets`; rows get the class `<game>-bets__row--<status>`. */
  game: string
  bets: readonly R[]
  locale: MoneyLocale
  /** The game's columns between the bet and the win. */
  columns: readonly LiveBetsColumn<R>[]
  /** The leaderboard order: negative when `a` shows before `b`. */
  compare: (a: R, b: R) => number
}

/**
 * Rows the table shows at most: the leaders. A busy round holds thousands of bets, and rendering
 * every one on each 100 ms batch is what made the page drop frames; the header counts them all.
 */
export const LIVE_BETS_SHOWN = 40

/**
 * The first `limit` rows of `bets` in `compare` order, stable for ties, without sorting the whole
 * list: one pass keeping a sorted top list, so a batch costs O(n) for the usual row that does not
 * make the top.
 */
export function leadingBets<R>(
  bets: readonly R[],
  limit: number,
  compare: (a: R, b: R) => number,
): R[] {
  const top: R[] = []
  if (limit <= 0) return top
  for (const row of bets) {
    const last = top[top.length - 1]
    if (top.length === limit && last && compare(row, last) >= 0) continue
    // Insert after every row that sorts before it or ties (stability: earlier rows stay first).
    let at = top.length
    while (at > 0 && compare(row, top[at - 1]!) < 0) at--
    top.splice(at, 0, row)
    if (top.length > limit) top.pop()
  }
  return top
}

/**
 * The live bets of the current round: who bet what, the game's columns, and what they won. Rows
 * are memoised by identity (a round machine keeps the object of a row a batch did not change), so
 * a batch re-renders only the rows it touched.
 */
function LiveBetsTable<R extends LiveBetRow>(props: LiveBetsProps<R>) {
  const t = useKitText(props.game)
  const { game, bets, locale, columns, compare } = props
  const rows = useMemo(() => leadingBets(bets, LIVE_BETS_SHOWN, compare), [bets, compare])
  return (
    <section
      className="game-bets"
      data-testid={`${game}.live-bets`}
      aria-label={t('kit:bets.title')}
    >
      <header className="game-bets__header">
        <h2>{t('kit:bets.title')}</h2>
        <span data-testid={`${game}.live-bets-count`}>
          {t('kit:bets.count', { count: bets.length })}
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="game-bets__empty">{t('kit:bets.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('kit:bets.player')}</th>
              <th scope="col">{t('kit:bets.amount')}</th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {t(column.header)}
                </th>
              ))}
              <th scope="col">{t('kit:bets.win')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <LiveBetLine
                key={row.betId}
                game={game}
                row={row}
                locale={locale}
                columns={columns}
                hidden={t('kit:bets.hidden')}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** The live bets table (see `LiveBetsTable`), memoised: a re-render with the same rows is free. */
export const LiveBets = memo(LiveBetsTable) as typeof LiveBetsTable

const LiveBetLine = memo(function LiveBetLine<R extends LiveBetRow>(props: {
  game: string
  row: R
  locale: MoneyLocale
  columns: readonly LiveBetsColumn<R>[]
  /** What a hidden player's row shows instead of a name. */
  hidden: string
}) {
  const { game, row, locale, columns, hidden } = props
  return (
    <tr className={`game-bets__row ${game}-bets__row--${row.status}`}>
      <td>
        {/* Names run to 64 characters: cut with an ellipsis, so a phone's table never overflows. */}
        <span
          className={`game-bets__player${row.player === null ? ' game-bets__player--hidden' : ''}`}
          title={row.player ?? hidden}
        >
          {row.player ?? hidden}
        </span>
      </td>
      <td>{formatMoney(row.amount, row.currency, locale)}</td>
      {columns.map((column) => (
        <td key={column.header}>{column.cell(row)}</td>
      ))}
      <td>
        {row.win === null || row.win === 0 ? '—' : formatMoney(row.win, row.currency, locale)}
      </td>
    </tr>
  )
}) as <R extends LiveBetRow>(props: {
  game: string
  row: R
  locale: MoneyLocale
  columns: readonly LiveBetsColumn<R>[]
  /** What a hidden player's row shows instead of a name. */
  hidden: string
}) => ReactNode
