import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  createInvoiceRequest,
  InvoiceStatus,
  paymentStatusParams,
  type BillingDataResponse,
  type Currency,
  type DepositProcessConfig,
  type PaymentMethod,
  type PaymentStatusResponse,
} from '../../../contract'
import { loadInvoice, payInvoice } from '../../billing/invoices'
import { depositPresets } from '../../billing/presets'
import { findUser } from '../../auth/users'
import { requestHash } from '../../ledger/postings'
import { withRetry } from '../../ledger/retry'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { fieldError, messageError, unauthenticated } from '../errors'
import { parseBody, parseParams, requireIdempotencyKey } from '../parse'

interface MethodRow {
  hash: string
  name_en: string
  name_ru: string | null
  name_kz: string | null
  currency: Currency
  exchange_currency: Currency
  min_amount: number
  max_amount: number
  commission_bp: number
  card_number: string | null
  phone_number: string | null
}

const METHOD_COLUMNS = `hash, name_en, name_ru, name_kz, currency, exchange_currency, min_amount, max_amount,
  commission_bp, card_number, phone_number`

function methodView(m: MethodRow): PaymentMethod {
  const amounts = depositPresets(m.min_amount, m.max_amount)
  return {
    hash: m.hash,
    name: {
      en: m.name_en,
      ...(m.name_ru ? { ru: m.name_ru } : {}),
      ...(m.name_kz ? { kz: m.name_kz } : {}),
    },
    min_amount: m.min_amount as PaymentMethod['min_amount'],
    max_amount: m.max_amount as PaymentMethod['max_amount'],
    preset: {
      default: (amounts[1] ?? amounts[0] ?? m.min_amount) as PaymentMethod['min_amount'],
      amounts: amounts as PaymentMethod['preset']['amounts'],
    },
    value: { currency: m.currency, exchange_currency: m.exchange_currency },
  }
}

/** Billing: deposit methods, invoice creation (designed), payment status. */
export function billingRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = { preHandler: requireUser(s) }
  const me = async (userId: number) => {
    const user = await findUser(s.db, { id: userId })
    if (!user) throw unauthenticated()
    return user
  }

  app.get('/api/v2/billing/data', signedIn, async (req) => {
    const user = await me(authOf(req).userId)
    const methods = await s.db.query<MethodRow>(
      `SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE exchange_currency = $1 ORDER BY sort, hash`,
      [user.currency],
    )
    const bonus = await s.db.query<{ name: string }>(
      `SELECT b.name FROM user_bonuses ub JOIN bonuses b ON b.code = ub.bonus_code
       WHERE ub.user_id = $1 AND ub.status = 'waiting' AND b.expires_at > $2 ORDER BY ub.id DESC LIMIT 1`,
      [user.id, s.now()],
    )
    return {
      payments: { methods: methods.map(methodView), bonus: bonus[0] ?? null },
      // Crypto rails are not part of the reference server.
      'crypto-payments': [],
      'crypto-payouts': [],
    } satisfies BillingDataResponse
  })

  app.post('/billing/payment/create', signedIn, async (req) => {
    const key = requireIdempotencyKey(req)
    const body = parseBody(createInvoiceRequest, req)
    const user = await me(authOf(req).userId)
    const rows = await s.db.query<MethodRow>(
      `SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE hash = $1`,
      [body.method_hash],
    )
    const method = rows[0]
    if (!method || method.exchange_currency !== user.currency) {
      throw fieldError('method_hash', 'method_not_found', 'The payment method is not available.')
    }
    if (body.amount < method.min_amount || body.amount > method.max_amount) {
      throw fieldError(
        'amount',
        'amount_out_of_range',
        `The amount must be between ${method.min_amount} and ${method.max_amount}.`,
      )
    }
    const hash = requestHash({ method: body.method_hash, amount: body.amount })
    const commission = Math.floor((body.amount * method.commission_bp) / 10_000)
    const invoiceId = await withRetry(() =>
      s.db.transaction(async (tx) => {
        const prior = await tx.query<{ id: string; request_hash: string }>(
          'SELECT id, request_hash FROM invoices WHERE user_id = $1 AND idempotency_key = $2',
          [user.id, key],
        )
        if (prior[0]) {
          if (prior[0].request_hash !== hash)
            throw messageError(409, 'idempotency_key_reused', { key })
          return prior[0].id
        }
        const id = randomUUID()
        const now = s.now()
        await tx.query(
          `INSERT INTO invoices (id, user_id, method_hash, amount, commission, currency, status,
             idempotency_key, request_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10)`,
          [
            id,
            user.id,
            method.hash,
            body.amount,
            commission,
            user.currency,
            key,
            hash,
            now,
            new Date(now.getTime() + s.config.invoiceLifetimeS * 1000),
          ],
        )
        return id
      }),
    )
    const inv = await loadInvoice(s, invoiceId)
    if (!inv) throw new Error(`[billing] invoice ${invoiceId} vanished`)
    if (
      s.config.sandbox &&
      s.config.sandboxPayDelayMs > 0 &&
      inv.status === InvoiceStatus.created
    ) {
      const timer = setTimeout(() => {
        s.timers.delete(timer)
        payInvoice(s, invoiceId).catch((err: unknown) =>
          req.log.error({ err }, 'sandbox auto-pay failed'),
        )
      }, s.config.sandboxPayDelayMs)
      timer.unref()
      s.timers.add(timer)
    }
    const left = Math.max(0, Math.ceil((inv.expires_at.getTime() - s.now().getTime()) / 1000))
    return {
      hash: method.hash,
      id: inv.id as DepositProcessConfig['id'],
      life_time: Math.max(1, left),
      amount: inv.amount as DepositProcessConfig['amount'],
      shop_amount: (inv.amount - inv.commission) as DepositProcessConfig['amount'],
      commission: inv.commission as DepositProcessConfig['amount'],
      card: { card_number: method.card_number, phone_number: method.phone_number },
      sum_was_changed: false,
      payment_url: `${s.config.publicUrl}/api/sandbox/pay/${inv.id}`,
    } satisfies DepositProcessConfig
  })

  app.get('/billing/payment/status/:invoiceId', signedIn, async (req) => {
    const { invoiceId } = parseParams(paymentStatusParams, req)
    const inv = await loadInvoice(s, invoiceId)
    // Another player's invoice is reported as missing, not forbidden: ids are not confirmed.
    if (!inv || inv.user_id !== authOf(req).userId)
      throw messageError(404, 'not_found', { invoiceId })
    return {
      id: inv.id as PaymentStatusResponse['id'],
      status: inv.status as PaymentStatusResponse['status'],
      amount: inv.amount as PaymentStatusResponse['amount'],
      currency: inv.currency,
    } satisfies PaymentStatusResponse
  })
}
