import { z } from 'zod/mini'
import { currency, invoiceId, minor, type Minor } from './common'

/** A deposit method (SPEC.md section 3), as the reference server sends it. Minor units. */
export const paymentMethod = z.object({
  hash: z.string(),
  name: z.object({ en: z.string(), ru: z.optional(z.string()), kz: z.optional(z.string()) }),
  min_amount: minor,
  max_amount: minor,
  /** Suggested amounts: the default one and the list (SPEC.md section 9: 5, geometric). */
  preset: z.object({ default: minor, amounts: z.array(minor) }),
  /** Currency the player pays in and the one credited. */
  value: z.object({ currency, exchange_currency: currency }),
})
export type PaymentMethod = z.infer<typeof paymentMethod>

/**
 * A deposit method as the client reads it: another backend may leave out the limits (the client
 * then applies the defaults of SPEC.md section 5) or send no preset amounts (it computes them
 * with {@link depositPresets}).
 */
export const receivedPaymentMethod = z.extend(paymentMethod, {
  min_amount: z.nullish(minor),
  max_amount: z.nullish(minor),
})
export type ReceivedPaymentMethod = z.infer<typeof receivedPaymentMethod>

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
    methods: z.array(receivedPaymentMethod),
    /** The bonus a deposit would activate now, if any. */
    bonus: z.nullable(z.object({ name: z.string() })),
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
  method_hash: z.string().check(z.minLength(1), z.maxLength(128)),
  amount: z.int().check(z.positive(), z.lte(1_000_000_000_00)),
})
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>

/** The deposit process config (SPEC.md section 3) answering invoice creation. */
export const depositProcessConfig = z.object({
  hash: z.string(),
  id: invoiceId,
  /** Seconds the invoice stays payable (SPEC.md section 9: 1200 when absent). */
  life_time: z._default(z.int().check(z.positive()), 1200),
  amount: minor,
  /** Amount credited to the balance. */
  shop_amount: minor,
  commission: minor,
  card: z.object({
    card_number: z.nullable(z.string()),
    phone_number: z.nullable(z.string()),
  }),
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

/** Deposit limits in major units when a method gives none (SPEC.md section 5). */
export const DEFAULT_DEPOSIT_LIMITS_MAJOR = { min: 100, max: 300_000 } as const

/**
 * Deposit presets (SPEC.md section 9): `count` amounts spaced geometrically between `min` and
 * `max`, rounded to 50 major units when the range is under 5000, else to 100, kept within the
 * limits and without repeats. Minor units in and out (1/100 of a major unit). The one statement
 * of the rule: the client uses it when a method sends no presets, and the reference server's
 * `server/billing/presets.ts` computes the same.
 */
export function depositPresets(min: Minor, max: Minor, count = 5): Minor[] {
  const step = (max - min) / 100 < 5000 ? 50_00 : 100_00
  const out: Minor[] = []
  for (let i = 0; i < count; i++) {
    const raw = count === 1 ? min : min * Math.pow(max / min, i / (count - 1))
    const rounded = Math.round(raw / step) * step
    const clamped = Math.min(max, Math.max(min, rounded)) as Minor
    if (!out.includes(clamped)) out.push(clamped)
  }
  return out
}
