import { memo } from 'react'
import type { MoneyLocale } from '../../engine/money'
import { LiveBets as LiveBetsTable, type LiveBetsColumn } from '../../kit/ui/LiveBets'
import type { BetRow } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/** Winners first (highest cash-out), then open bets by size: the table reads like a leaderboard. */
export function compareBets(a: BetRow, b: BetRow): number {
  return (b.cashoutAt ?? 0) - (a.cashoutAt ?? 0) || b.amount - a.amount
}

/** Crash's column between the bet and the win: where each bet cashed out. */
const COLUMNS: readonly LiveBetsColumn<BetRow>[] = [
  {
    header: 'crash:bets.cashout',
    cell: (row) => (row.cashoutAt === null ? '—' : formatMultiplier(row.cashoutAt)),
  },
]

/** The live bets of the current round, in the kit's table. */
export const LiveBets = memo(function LiveBets(props: {
  bets: readonly BetRow[]
  locale: MoneyLocale
}) {
  return (
    <LiveBetsTable
      game="crash"
      bets={props.bets}
      locale={props.locale}
      columns={COLUMNS}
      compare={compareBets}
    />
  )
})
