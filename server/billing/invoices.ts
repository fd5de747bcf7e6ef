import { InvoiceStatus, type Currency } from '../../contract'
import type { Queryable } from '../db/db'
import type { Services } from '../services'

/** An invoices row. */
export interface InvoiceRow {
  id: string
  user_id: number
  method_hash: string
  amount: number
  commission: number
  currency: Currency
  status: number
  created_at: Date
  expires_at: Date
}

/** Reads an invoice, marking it expired (4) when its life has run out unpaid. */
export async function loadInvoice(s: Services, id: string): Promise<InvoiceRow | undefined> {
  await s.db.query(
    'UPDATE invoices SET status = $3 WHERE id = $1 AND status IN (1, 2) AND expires_at <= $2',
    [id, s.now(), InvoiceStatus.expired],
  )
  const rows = await s.db.query<InvoiceRow>(
    `SELECT id, user_id, method_hash, amount, commission, currency, status, created_at, expires_at
     FROM invoices WHERE id = $1`,
    [id],
  )
  return rows[0]
}

class NotPayable extends Error {}

/** Why an invoice could not be paid. */
export type PayRefusal = 'not_found' | 'invoice_expired'

/**
 * Pays an invoice (the payment provider's confirmation): credits `amount - commission` through
 * the ledger under the key `invoice:<id>` and marks the invoice paid in the same transaction.
 * Paying twice is a replay and changes nothing. A waiting deposit bonus is granted after.
 */
export async function payInvoice(s: Services, id: string): Promise<PayRefusal | 'paid'> {
  const inv = await loadInvoice(s, id)
  if (!inv) return 'not_found'
  if (inv.status === InvoiceStatus.expired || inv.status === InvoiceStatus.failed)
    return 'invoice_expired'
  const credited = inv.amount - inv.commission
  try {
    await s.ledger.deposit(
      { userId: inv.user_id, currency: inv.currency, amount: credited, key: `invoice:${inv.id}` },
      async (tx: Queryable, transactionId: number) => {
        const updated = await tx.query(
          `UPDATE invoices SET status = $2, paid_at = $3, ledger_transaction_id = $4
         WHERE id = $1 AND status IN (1, 2) RETURNING id`,
          [inv.id, InvoiceStatus.paid, s.now(), transactionId],
        )
        // Expired between the read and now: roll the credit back with the refusal.
        if (updated.length === 0) throw new NotPayable()
      },
    )
  } catch (err) {
    if (err instanceof NotPayable) return 'invoice_expired'
    throw err
  }
  await grantWaitingBonus(s, inv.user_id, inv.currency, inv.id, credited)
  return 'paid'
}

/** A `deposit_percent` promo waiting for a deposit becomes bonus money on the first one. */
async function grantWaitingBonus(
  s: Services,
  userId: number,
  currency: Currency,
  invoiceId: string,
  deposited: number,
): Promise<void> {
  const rows = await s.db.query<{ id: number; value: number }>(
    `SELECT ub.id, b.value FROM user_bonuses ub JOIN bonuses b ON b.code = ub.bonus_code
     WHERE ub.user_id = $1 AND ub.status = 'waiting' AND b.type = 'deposit_percent' AND b.expires_at > $2
     ORDER BY ub.id LIMIT 1`,
    [userId, s.now()],
  )
  const waiting = rows[0]
  if (!waiting) return
  const amount = Math.floor((deposited * waiting.value) / 100)
  if (amount > 0) {
    await s.ledger.grantBonus({ userId, currency, amount, key: `invoice:${invoiceId}:bonus` })
  }
  await s.db.query(`UPDATE user_bonuses SET status = 'active' WHERE id = $1`, [waiting.id])
}
