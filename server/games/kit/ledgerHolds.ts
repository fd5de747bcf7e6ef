/**
 * Read-only looks at the ledger's holds. The Ledger API has no lookup by reference, and recovery
 * after a stop between "bet written" and "hold placed" needs one to know whether money moved.
 */
import type { Queryable } from '../../db/db'

/** A hold's state as the ledger left it. */
export interface HoldState {
  status: string
  payout: number | null
}

/** The hold placed with `reference` (the first, should a bug have made two), if any. */
export async function holdByReference(
  db: Queryable,
  reference: string,
): Promise<(HoldState & { id: number }) | null> {
  const rows = await db.query<HoldState & { id: number }>(
    'SELECT id, status, payout FROM ledger_holds WHERE reference = $1 ORDER BY id LIMIT 1',
    [reference],
  )
  return rows[0] ?? null
}

/** A hold's status and payout. */
export async function holdState(db: Queryable, holdId: number): Promise<HoldState | null> {
  const rows = await db.query<HoldState>('SELECT status, payout FROM ledger_holds WHERE id = $1', [
    holdId,
  ])
  return rows[0] ?? null
}
