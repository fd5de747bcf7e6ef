/**
 * Billing calls: deposit methods, invoice creation and invoice status (SPEC.md section 7;
 * invoice creation is designed by the reference server, see protocol/billing.ts).
 */
import type { ApiClient, CallOptions } from './client'
import {
  billingDataResponse,
  depositProcessConfig,
  paymentStatusResponse,
  type BillingDataResponse,
  type CreateInvoiceRequest,
  type DepositProcessConfig,
  type PaymentStatusResponse,
} from '../../contract'

/** The billing endpoints, bound to one client. Every call takes optional {@link CallOptions}. */
export function billingEndpoints(client: ApiClient) {
  return {
    /** GET /api/v2/billing/data: deposit and crypto methods, the bonus a deposit activates. */
    data: (o?: CallOptions): Promise<BillingDataResponse> =>
      client.call({
        method: 'get',
        path: 'api/v2/billing/data',
        schema: billingDataResponse,
        ...o,
      }),
    /**
     * POST /billing/payment/create. `idempotencyKey` belongs to the player's intent (one per
     * PayIn submission), so a repeated submit replays the first invoice instead of a second one.
     */
    createInvoice: (
      body: CreateInvoiceRequest,
      idempotencyKey: string,
      o?: CallOptions,
    ): Promise<DepositProcessConfig> =>
      client.call({
        method: 'post',
        path: 'billing/payment/create',
        schema: depositProcessConfig,
        json: body,
        idempotencyKey,
        ...o,
      }),
    /**
     * GET /billing/payment/status/{invoiceId}, polled every 5 s (status 3 is paid). Polling
     * passes `notify: false` so a network blip does not toast every 5 seconds.
     */
    paymentStatus: (invoiceId: string, o?: CallOptions): Promise<PaymentStatusResponse> =>
      client.call({
        method: 'get',
        path: `billing/payment/status/${encodeURIComponent(invoiceId)}`,
        schema: paymentStatusResponse,
        ...o,
      }),
  }
}

/** The billing endpoints' type, for flows that receive them as a dependency. */
export type BillingEndpoints = ReturnType<typeof billingEndpoints>
