/**
 * The deposit (PayIn) flow of SPEC.md sections 4, 5 and 9 as a state machine.
 *
 * loading → form → creating → invoice (waiting ⇄ checking every 5 s) → paid | failed, and back to
 * the form when the invoice outlives its `life_time`. Bad amounts never leave the browser. Every
 * side effect (the billing calls, the modals, the balance and bonus refresh, the idempotency key)
 * is supplied with `.provide()` or the input at the app edge (src/features/payin/machine.ts) and
 * replaced by fakes in payIn.machine.test.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import { fieldErrors, isApiError, type ApiFailure } from '../api'
import {
  InvoiceStatus,
  type BillingDataResponse,
  type CreateInvoiceRequest,
  type DepositProcessConfig,
  type InvoiceId,
  type Minor,
  type ReceivedPaymentMethod,
  type PaymentStatusResponse,
} from '../../contract'
import {
  amountText,
  defaultAmount,
  depositLimits,
  readAmount,
  type AmountError,
} from './payIn.amount'

/** Invoice status poll interval (SPEC.md section 9). */
export const PAYMENT_POLL_MS = 5_000
/** Invoice life when the server gives none (SPEC.md section 9), seconds. */
export const DEFAULT_INVOICE_LIFE_S = 1_200

/** Client-side messages, as keys of the `payin` namespace (written out for the i18n key test). */
export const PAYIN_TEXTS = {
  empty: 'payin:errors.empty',
  invalid: 'payin:errors.invalid',
  tooPrecise: 'payin:errors.tooPrecise',
  tooSmall: 'payin:errors.tooSmall',
  tooLarge: 'payin:errors.tooLarge',
  noMethod: 'payin:errors.noMethod',
  unexpected: 'payin:errors.unexpected',
  invoiceExpired: 'payin:invoice.expired',
  paymentExpired: 'payin:failed.expired',
  paymentFailed: 'payin:failed.failed',
} as const

/** A message for the player; the form translates it when it renders (the language may change). */
export type PayInMessage =
  /** One of {@link PAYIN_TEXTS} without values. */
  | { readonly type: 'text'; readonly key: (typeof PAYIN_TEXTS)[keyof typeof PAYIN_TEXTS] }
  /** An amount outside the limits: the form formats `limit` in the method's currency. */
  | {
      readonly type: 'limit'
      readonly key: typeof PAYIN_TEXTS.tooSmall | typeof PAYIN_TEXTS.tooLarge
      readonly limit: Minor
    }
  /** A server message in its `code: text` form (translated with `translateMessage`). */
  | { readonly type: 'server'; readonly message: string }
  /** A failure without field messages (rate limit, network...): see `errorNotification`. */
  | { readonly type: 'failure'; readonly failure: ApiFailure }

/** What the machine is created with. */
export interface PayInInput {
  /** A fresh idempotency key (8-128 of [A-Za-z0-9_-:.]); called once per deposit attempt. */
  readonly newKey: () => string
}

/** The deposit being attempted: the key stays while method and amount stay. */
export interface PayInAttempt {
  readonly key: string
  readonly methodHash: string
  readonly amount: Minor
}

/** The machine's context. */
export interface PayInContext extends PayInInput {
  readonly methods: readonly ReceivedPaymentMethod[]
  /** The promo a deposit activates now, if any (billing data `payments.bonus`). */
  readonly bonusName: string | null
  readonly methodHash: string | null
  /** The amount field as the player sees it. */
  readonly amountText: string
  readonly amountError: PayInMessage | null
  /** A message about the form as a whole (a refused invoice, an expired one). */
  readonly formError: PayInMessage | null
  readonly attempt: PayInAttempt | null
  readonly invoice: DepositProcessConfig | null
  /** Why the last invoice ended unpaid (status 4 or 5). */
  readonly failure: PayInMessage | null
  /** Rejected submissions so far (the form moves focus on each). */
  readonly rejections: number
}

/** Events the form sends. */
export type PayInEvent =
  | { readonly type: 'SELECT_METHOD'; readonly hash: string }
  | { readonly type: 'PICK_PRESET'; readonly amount: Minor }
  | { readonly type: 'EDIT_AMOUNT'; readonly text: string }
  | { readonly type: 'SUBMIT' }
  /** Leaves the invoice or the failure for a new deposit. */
  | { readonly type: 'NEW_DEPOSIT' }
  /** Loads the methods again after a failed load. */
  | { readonly type: 'RETRY' }

/** The selected method, if any. */
export function selectedMethod(context: PayInContext): ReceivedPaymentMethod | undefined {
  return context.methods.find((m) => m.hash === context.methodHash)
}

const AMOUNT_MESSAGES: Record<Exclude<AmountError, 'tooSmall' | 'tooLarge'>, PayInMessage> = {
  empty: { type: 'text', key: PAYIN_TEXTS.empty },
  invalid: { type: 'text', key: PAYIN_TEXTS.invalid },
  tooPrecise: { type: 'text', key: PAYIN_TEXTS.tooPrecise },
}

/** Checks the form: the message for the amount, or the amount to send. */
export function checkAmount(
  context: PayInContext,
):
  | { ok: true; amount: Minor; method: ReceivedPaymentMethod }
  | { ok: false; message: PayInMessage } {
  const method = selectedMethod(context)
  if (!method) return { ok: false, message: { type: 'text', key: PAYIN_TEXTS.noMethod } }
  const limits = depositLimits(method)
  const read = readAmount(context.amountText, limits, method.value.currency)
  if (read.ok) return { ok: true, amount: read.value, method }
  switch (read.error) {
    case 'tooSmall':
      return { ok: false, message: { type: 'limit', key: PAYIN_TEXTS.tooSmall, limit: limits.min } }
    case 'tooLarge':
      return { ok: false, message: { type: 'limit', key: PAYIN_TEXTS.tooLarge, limit: limits.max } }
    default:
      return { ok: false, message: AMOUNT_MESSAGES[read.error] }
  }
}

/**
 * Splits a refused invoice into the amount's message and the form's: a 422 on `amount` belongs
 * to the field, any other failure to the form. A rejection that is not an `ApiError` is a bug
 * and shows a generic message.
 */
export function createFailure(error: unknown): Pick<PayInContext, 'amountError' | 'formError'> {
  if (!isApiError(error))
    return { amountError: null, formError: { type: 'text', key: PAYIN_TEXTS.unexpected } }
  const byField = fieldErrors(error)
  if (error.status !== 422 || Object.keys(byField).length === 0)
    return { amountError: null, formError: { type: 'failure', failure: error.failure } }
  const amount = byField.amount?.[0]
  const other = Object.entries(byField).find(([field]) => field !== 'amount')?.[1]?.[0]
  return {
    amountError: amount === undefined ? null : { type: 'server', message: amount },
    formError: other === undefined ? null : { type: 'server', message: other },
  }
}

const noErrors = { amountError: null, formError: null } as const

function methodChoice(method: ReceivedPaymentMethod | undefined) {
  if (!method) return { methodHash: null, amountText: '' }
  return {
    methodHash: method.hash,
    amountText: amountText(defaultAmount(method), method.value.currency),
  }
}

/** The PayIn machine. Provide its actors and side-effect actions before use. */
export const payInMachine = setup({
  types: {
    context: {} as PayInContext,
    events: {} as PayInEvent,
    input: {} as PayInInput,
  },
  actors: {
    /** GET /api/v2/billing/data. */
    loadMethods: fromPromise<BillingDataResponse, void>(async () => {
      throw new Error('[payIn] provide the loadMethods actor')
    }),
    /** POST /billing/payment/create with the attempt's Idempotency-Key. */
    createInvoice: fromPromise<DepositProcessConfig, CreateInvoiceRequest & { key: string }>(
      async () => {
        throw new Error('[payIn] provide the createInvoice actor')
      },
    ),
    /** GET /billing/payment/status/{id}. */
    checkStatus: fromPromise<PaymentStatusResponse, { id: InvoiceId }>(async () => {
      throw new Error('[payIn] provide the checkStatus actor')
    }),
  },
  actions: {
    /** Closes PayIn and opens SuccessPayment. */
    showSuccess: () => {
      throw new Error('[payIn] provide the showSuccess action')
    },
    /** GET /profile/user into the session store: the new balance. */
    refreshBalance: () => {
      throw new Error('[payIn] provide the refreshBalance action')
    },
    /** GET /bonus-system/bonus-activation/waiting-reg-and-dep: the bonus widget's data. */
    refreshBonus: () => {
      throw new Error('[payIn] provide the refreshBonus action')
    },
    selectMethod: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_METHOD')
      if (event.hash === context.methodHash) return {}
      return { ...methodChoice(context.methods.find((m) => m.hash === event.hash)), ...noErrors }
    }),
    pickPreset: assign(({ context, event }) => {
      assertEvent(event, 'PICK_PRESET')
      const method = selectedMethod(context)
      if (!method) return {}
      return { amountText: amountText(event.amount, method.value.currency), ...noErrors }
    }),
    editAmount: assign(({ event }) => {
      assertEvent(event, 'EDIT_AMOUNT')
      return { amountText: event.text, amountError: null }
    }),
    rejectAmount: assign(({ context }) => {
      const checked = checkAmount(context)
      return {
        amountError: checked.ok ? null : checked.message,
        formError: null,
        rejections: context.rejections + 1,
      }
    }),
    /**
     * Keeps the attempt's key when the player sends the same method and amount again (a retry
     * after a network failure replays the first invoice instead of making a second), and takes
     * a new one for anything else.
     */
    startAttempt: assign(({ context }) => {
      const checked = checkAmount(context)
      if (!checked.ok) throw new Error('[payIn] startAttempt without a valid amount')
      const same =
        context.attempt?.methodHash === checked.method.hash &&
        context.attempt.amount === checked.amount
      return {
        ...noErrors,
        attempt: same
          ? context.attempt
          : { key: context.newKey(), methodHash: checked.method.hash, amount: checked.amount },
      }
    }),
    dropInvoice: assign({ invoice: null, failure: null }),
  },
  guards: {
    amountValid: ({ context }) => checkAmount(context).ok,
    hasMethods: (_, params: { data: BillingDataResponse }) =>
      params.data.payments.methods.length > 0,
    isPaid: (_, params: { status: PaymentStatusResponse }) =>
      params.status.status === InvoiceStatus.paid,
    isExpired: (_, params: { status: PaymentStatusResponse }) =>
      params.status.status === InvoiceStatus.expired,
    isFailed: (_, params: { status: PaymentStatusResponse }) =>
      params.status.status === InvoiceStatus.failed,
  },
  delays: {
    pollInterval: PAYMENT_POLL_MS,
    invoiceLife: ({ context }) => (context.invoice?.life_time ?? DEFAULT_INVOICE_LIFE_S) * 1000,
  },
}).createMachine({
  id: 'payIn',
  initial: 'loading',
  context: ({ input }) => ({
    ...input,
    methods: [],
    bonusName: null,
    methodHash: null,
    amountText: '',
    ...noErrors,
    attempt: null,
    invoice: null,
    failure: null,
    rejections: 0,
  }),
  states: {
    loading: {
      invoke: {
        src: 'loadMethods',
        onDone: [
          {
            guard: { type: 'hasMethods', params: ({ event }) => ({ data: event.output }) },
            target: 'form',
            actions: assign(({ event }) => ({
              methods: event.output.payments.methods,
              bonusName: event.output.payments.bonus?.name ?? null,
              ...methodChoice(event.output.payments.methods[0]),
            })),
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    /** No method in the player's currency. */
    unavailable: { on: { RETRY: 'loading' } },
    form: {
      on: {
        SELECT_METHOD: { actions: 'selectMethod' },
        PICK_PRESET: { actions: 'pickPreset' },
        EDIT_AMOUNT: { actions: 'editAmount' },
        SUBMIT: [
          { guard: 'amountValid', target: 'creating', actions: 'startAttempt' },
          { actions: 'rejectAmount' },
        ],
      },
    },
    // No SUBMIT or edits here: a double click sends one request.
    creating: {
      invoke: {
        src: 'createInvoice',
        input: ({ context }) => {
          const attempt = context.attempt
          if (!attempt) throw new Error('[payIn] creating without an attempt')
          return { method_hash: attempt.methodHash, amount: attempt.amount, key: attempt.key }
        },
        onDone: {
          target: 'invoice',
          // The invoice exists: the next deposit is a new attempt with a new key.
          actions: assign(({ event }) => ({ invoice: event.output, attempt: null })),
        },
        onError: {
          target: 'form',
          actions: assign(({ context, event }) => ({
            ...createFailure(event.error),
            rejections: context.rejections + 1,
          })),
        },
      },
    },
    invoice: {
      initial: 'waiting',
      // The invoice is removed when its life runs out; the player starts again from the form.
      after: {
        invoiceLife: {
          target: 'form',
          actions: [
            'dropInvoice',
            assign({ formError: { type: 'text', key: PAYIN_TEXTS.invoiceExpired } }),
          ],
        },
      },
      on: { NEW_DEPOSIT: { target: 'form', actions: 'dropInvoice' } },
      states: {
        waiting: { after: { pollInterval: 'checking' } },
        checking: {
          invoke: {
            src: 'checkStatus',
            input: ({ context }) => {
              if (!context.invoice) throw new Error('[payIn] checking without an invoice')
              return { id: context.invoice.id }
            },
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ status: event.output }) },
                target: '#payIn.paid',
              },
              {
                guard: { type: 'isExpired', params: ({ event }) => ({ status: event.output }) },
                target: '#payIn.failed',
                actions: assign({ failure: { type: 'text', key: PAYIN_TEXTS.paymentExpired } }),
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ status: event.output }) },
                target: '#payIn.failed',
                actions: assign({ failure: { type: 'text', key: PAYIN_TEXTS.paymentFailed } }),
              },
              { target: 'waiting' },
            ],
            // A failed poll is not a failed payment: ask again at the next tick.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    failed: {
      on: { NEW_DEPOSIT: { target: 'form', actions: 'dropInvoice' } },
    },
    paid: {
      type: 'final',
      entry: ['showSuccess', 'refreshBalance', 'refreshBonus'],
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type PayInMachine = typeof payInMachine
