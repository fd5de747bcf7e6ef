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

/** Props of `BetsTable`. */
export interface BetsTableProps<R extends LiveBetRow> {
  /** Rows get the class `<game>-bets__row--<status>`. */
  game: string
  /** The rows to show, in order (the caller bounds them). */
  rows: readonly R[]
  locale: MoneyLocale
  /** Columns before the player's (the instant tables: the game and the time). */
  lead?: readonly LiveBetsColumn<R>[]
  /** The game's columns between the bet and the win. */
  columns: readonly LiveBetsColumn<R>[]
  /** Translation key of the last column's header, `kit:bets.win` by default. */
  winHeader?: string
  /** What shows instead of the table when there are no rows. */
  empty: string
  /** A test id for each row (`data-bet-id` carries the bet). */
  rowTestId?: string
}

/**
 * The kit's bets table, shared by every game's bet lists (a live round's bets, the instant
 * games' live tables): the lead columns, the player, the bet, the game's columns and the win.
 * Rows are memoised by identity, so a batch re-renders only the rows it brought.
 */
export function BetsTable<R extends LiveBetRow>(props: BetsTableProps<R>) {
  const t = useKitText(props.game)
  const { game, rows, locale, columns, lead = NO_COLUMNS } = props
  if (rows.length === 0) return <p className="game-bets__empty">{props.empty}</p>
  return (
    <table>
      <thead>
        <tr>
          {lead.map((column) => (
            <th key={column.header} scope="col">
              {t(column.header)}
            </th>
          ))}
          <th scope="col">{t('kit:bets.player')}</th>
          <th scope="col">{t('kit:bets.amount')}</th>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {t(column.header)}
            </th>
          ))}
          <th scope="col">{t(props.winHeader ?? 'kit:bets.win')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <LiveBetLine
            key={row.betId}
            game={game}
            row={row}
            locale={locale}
            lead={lead}
            columns={columns}
            testId={props.rowTestId}
            hidden={t('kit:bets.hidden')}
          />
        ))}
      </tbody>
    </table>
  )
}

const NO_COLUMNS: readonly never[] = []

/**
 * The live bets of the current round: who bet what, the game's columns, and what they won, the
 * leaders first (see `leadingBets`).
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
      <BetsTable
        game={game}
        rows={rows}
        locale={locale}
        columns={columns}
        empty={t('kit:bets.empty')}
      />
    </section>
  )
}

/** The live bets table (see `LiveBetsTable`), memoised: a re-render with the same rows is free. */
export const LiveBets = memo(LiveBetsTable) as typeof LiveBetsTable

interface LineProps<R extends LiveBetRow> {
  game: string
  row: R
  locale: MoneyLocale
  lead: readonly LiveBetsColumn<R>[]
  columns: readonly LiveBetsColumn<R>[]
  testId: string | undefined
  /** What a hidden player's row shows instead of a name. */
  hidden: string
}

const LiveBetLine = memo(function LiveBetLine<R extends LiveBetRow>(props: LineProps<R>) {
  const { game, row, locale, lead, columns, hidden } = props
  return (
    <tr
      className={`game-bets__row ${game}-bets__row--${row.status}`}
      data-testid={props.testId}
      data-bet-id={row.betId}
    >
      {lead.map((column) => (
        <td key={column.header}>{column.cell(row)}</td>
      ))}
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
}) as <R extends LiveBetRow>(props: LineProps<R>) => ReactNode
