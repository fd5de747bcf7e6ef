import { memo } from 'react'
import { decimalSign, type MoneyLocale } from '../../engine/money'
import { LiveBets as LiveBetsTable, type LiveBetsColumn } from '../../kit/ui/LiveBets'
import type { BetRow } from '../protocol'
import { formatMultiplier } from '../scene/crashView'

/** Winners first (highest cash-out), then open bets by size: the table reads like a leaderboard. */
export function compareBets(a: BetRow, b: BetRow): number {
  return (b.cashoutAt ?? 0) - (a.cashoutAt ?? 0) || b.amount - a.amount
}

/** Crash's column between the bet and the win: where each bet cashed out, per language. */
const COLUMNS: Readonly<Record<MoneyLocale, readonly LiveBetsColumn<BetRow>[]>> = {
  en: cashoutColumn('en'),
  ru: cashoutColumn('ru'),
  kz: cashoutColumn('kz'),
}

function cashoutColumn(locale: MoneyLocale): readonly LiveBetsColumn<BetRow>[] {
  const decimal = decimalSign(locale)
  return [
    {
      header: 'crash:bets.cashout',
      cell: (row) => (row.cashoutAt === null ? '—' : formatMultiplier(row.cashoutAt, decimal)),
    },
  ]
}

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
      columns={COLUMNS[props.locale]}
      compare={compareBets}
    />
  )
})
