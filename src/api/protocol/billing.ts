import { z } from 'zod'
import { currency, invoiceId, minor } from './common'

/** A deposit method (SPEC.md section 3). Amounts are integer minor units. */
export const paymentMethod = z.object({
  hash: z.string(),
  name: z.object({ en: z.string(), ru: z.string().optional(), kz: z.string().optional() }),
  min_amount: minor,
  max_amount: minor,
  /** Suggested amounts: the default one and the list (SPEC.md section 9: 5, geometric). */
  preset: z.object({ default: minor, amounts: z.array(minor) }),
  /** Currency the player pays in and the one credited. */
  value: z.object({ currency, exchange_currency: currency }),
})
export type PaymentMethod = z.infer<typeof paymentMethod>

/** A crypto deposit or payout method. */
export const cryptoMethod = z.object({
  hash: z.string(),
  name: z.string(),
  network: z.string(),
  min_amount: minor,
})

/** GET /api/v2/billing/data answer. */
export const billingDataResponse = z.object({
  payments: z.object({
    methods: z.array(paymentMethod),
    /** The bonus a deposit would activate now, if any. */
    bonus: z.object({ name: z.string() }).nullable(),
  }),
  'crypto-payments': z.array(cryptoMethod),
  'crypto-payouts': z.array(cryptoMethod),
})
export type BillingDataResponse = z.infer<typeof billingDataResponse>

/**
 * POST /billing/payment/create (designed, not in SPEC): create a deposit invoice. Requires the
 * `Idempotency-Key` header; a replay answers the first invoice.
 */
export const createInvoiceRequest = z.object({
  method_hash: z.string().min(1).max(128),
  amount: z.int().positive().max(1_000_000_000_00),
})
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>

/** The deposit process config (SPEC.md section 3) answering invoice creation. */
export const depositProcessConfig = z.object({
  hash: z.string(),
  id: invoiceId,
  /** Seconds the invoice stays payable (SPEC default 1200). */
  life_time: z.int().positive(),
  amount: minor,
  /** Amount credited to the balance. */
  shop_amount: minor,
  commission: minor,
  card: z.object({ card_number: z.string().nullable(), phone_number: z.string().nullable() }),
  sum_was_changed: z.boolean(),
  /** Page where the player pays (sandbox provider page in sandbox mode). */
  payment_url: z.string(),
})
export type DepositProcessConfig = z.infer<typeof depositProcessConfig>

/** Invoice statuses; 3 is paid (SPEC.md section 4). */
export const InvoiceStatus = { created: 1, processing: 2, paid: 3, expired: 4, failed: 5 } as const
export const invoiceStatus = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
])

/** GET /billing/payment/status/{invoiceId} params and answer. */
export const paymentStatusParams = z.object({ invoiceId: z.uuid() })
export const paymentStatusResponse = z.object({
  id: invoiceId,
  status: invoiceStatus,
  amount: minor,
  currency,
})
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>
