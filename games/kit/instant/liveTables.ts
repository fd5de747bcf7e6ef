/**
 * The live tables of the instant games as the browser keeps them (all bets, high rollers, my
 * bets), fed by the `general` service's `/live` stream (protocol.ts `liveWire`): the snapshot
 * replaces them, each `bets` batch and `myBets` row goes on top. Every table is bounded to
 * {@link LIVE_TABLE_LENGTH} rows, newest first, and holds a bet once however often it arrives (a
 * snapshot may already hold the rows of the batch that follows it). Pure: no React, no socket.
 */
import type { EventOf } from '../protocol'
import { LIVE_TABLE_LENGTH, type LiveRow, type liveWire } from './protocol'
import type { ConnectionEvent } from '../wireLink'

/** A live row with what the kit's bets table reads: the bet's status and its win. */
export type LiveTableRow = LiveRow & { status: 'won' | 'lost'; win: LiveRow['payout'] }

/** The three tables; `mine` is null for a guest, who has none. */
export interface LiveTables {
  all: readonly LiveTableRow[]
  highRollers: readonly LiveTableRow[]
  mine: readonly LiveTableRow[] | null
}

/** The tables before the snapshot: empty, and a guest's until it says otherwise. */
export const EMPTY_LIVE_TABLES: LiveTables = { all: [], highRollers: [], mine: null }

/** What the live stream hands its reader: the wire's events and the connection's reports. */
export type LiveTablesEvent = EventOf<(typeof liveWire)['events']> | ConnectionEvent

const tableRow = (row: LiveRow): LiveTableRow => ({
  ...row,
  status: row.payout > 0 ? 'won' : 'lost',
  win: row.payout,
})

/** `fresh` (oldest first, as the wire sends them) on top of `table`, each bet once, bounded. */
function prepend(table: readonly LiveTableRow[], fresh: readonly LiveRow[]): LiveTableRow[] {
  const seen = new Set<string>()
  const rows: LiveTableRow[] = []
  const newestFirst = [...fresh].reverse().map(tableRow)
  for (const row of [...newestFirst, ...table]) {
    if (rows.length === LIVE_TABLE_LENGTH) break
    if (seen.has(row.betId)) continue
    seen.add(row.betId)
    rows.push(row)
  }
  return rows
}

/** The tables after one event of the live stream; connection reports change nothing. */
export function applyLiveEvent(tables: LiveTables, event: LiveTablesEvent): LiveTables {
  switch (event.type) {
    case 'snapshot':
      return {
        all: prepend([], [...event.all].reverse()),
        highRollers: prepend([], [...event.highRollers].reverse()),
        mine: event.mine === null ? null : prepend([], [...event.mine].reverse()),
      }
    case 'bets': {
      const high = event.rows.filter((row) => row.highRoller)
      return {
        ...tables,
        all: prepend(tables.all, event.rows),
        highRollers: high.length > 0 ? prepend(tables.highRollers, high) : tables.highRollers,
      }
    }
    case 'myBets':
      return { ...tables, mine: prepend(tables.mine ?? [], event.rows) }
    case 'CONNECTED':
    case 'DISCONNECTED':
    case 'CLOCK':
      return tables
    default:
      throw new Error(`[kit/liveTables] unknown event ${JSON.stringify(event satisfies never)}`)
  }
}
