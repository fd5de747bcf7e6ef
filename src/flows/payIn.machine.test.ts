import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type {
  BillingDataResponse,
  DepositProcessConfig,
  InvoiceId,
  Minor,
  ReceivedPaymentMethod,
  PaymentStatusResponse,
} from '../../contract'
import { PAYIN_TEXTS, payInMachine, PAYMENT_POLL_MS } from './payIn.machine'

const SERVER_MS = 200
const INVOICE = '7f1d8a0e-1c7b-4a49-9d1b-0a6b7f1e2c3d' as InvoiceId

const card: ReceivedPaymentMethod = {
  hash: 'card-rub',
  name: { en: 'Bank card', ru: 'Банковская карта' },
  min_amount: 100_00 as Minor,
  max_amount: 300_000_00 as Minor,
  preset: {
    default: 700_00 as Minor,
    amounts: [100_00, 700_00, 5500_00, 40_500_00, 300_000_00] as Minor[],
  },
  value: { currency: 'RUB', exchange_currency: 'RUB' },
}
const sbp: ReceivedPaymentMethod = {
  ...card,
  hash: 'sbp-rub',
  max_amount: 100_000_00 as Minor,
  preset: { default: 600_00 as Minor, amounts: [] },
}
const billing: BillingDataResponse = {
  payments: { methods: [card, sbp], bonus: { name: 'Welcome 100%' } },
  'crypto-payments': [],
  'crypto-payouts': [],
}

function invoice(extra: Partial<DepositProcessConfig> = {}): DepositProcessConfig {
  return {
    hash: 'card-rub',
    id: INVOICE,
    life_time: 1200,
    amount: 500_00 as Minor,
    shop_amount: 500_00 as Minor,
    commission: 0 as Minor,
    card: { card_number: '2200 0000 0000 0000', phone_number: null },
    sum_was_changed: false,
    payment_url: `http://localhost/api/sandbox/pay/${INVOICE}`,
    ...extra,
  }
}

function later<T>(ms: number, outcome: () => T): Promise<T> {
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(outcome())
      } catch (error) {
        reject(error as Error)
      }
    }, ms),
  )
}

const networkDown = () =>
  new ApiError({ type: 'transport', reason: 'network' }, { method: 'post', path: 'create' })

interface Fakes {
  load?: () => BillingDataResponse
  create?: () => DepositProcessConfig
  /** Status answers in order ('down': the call fails); the last one repeats. */
  statuses?: (PaymentStatusResponse['status'] | 'down')[]
}

function start(fakes: Fakes = {}) {
  const calls = {
    load: vi.fn(),
    create: vi.fn<(input: { method_hash: string; amount: number; key: string }) => void>(),
    status: vi.fn<(id: string) => void>(),
    showSuccess: vi.fn(),
    refreshBalance: vi.fn(),
    refreshBonus: vi.fn(),
  }
  const statuses = [...(fakes.statuses ?? [1])]
  let keys = 0
  const machine = payInMachine.provide({
    actors: {
      loadMethods: fromPromise(() => {
        calls.load()
        return later(SERVER_MS, fakes.load ?? (() => billing))
      }),
      createInvoice: fromPromise(({ input }) => {
        calls.create(input)
        return later(SERVER_MS, fakes.create ?? (() => invoice()))
      }),
      checkStatus: fromPromise(({ input }) => {
        calls.status(input.id)
        const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!
        return later(SERVER_MS, () => {
          if (status === 'down') throw networkDown()
          return {
            id: input.id,
            status,
            amount: 500_00 as Minor,
            currency: 'RUB' as const,
          }
        })
      }),
    },
    actions: {
      showSuccess: () => calls.showSuccess(),
      refreshBalance: () => calls.refreshBalance(),
      refreshBonus: () => calls.refreshBonus(),
    },
  })
  const actor = createActor(machine, { input: { newKey: () => `deposit-key-${++keys}` } })
  actor.start()
  return { actor, calls }
}

/** Loads the methods and creates an invoice for 500 with the card. */
async function toInvoice(fakes: Fakes = {}) {
  const run = start(fakes)
  await vi.advanceTimersByTimeAsync(SERVER_MS)
  run.actor.send({ type: 'EDIT_AMOUNT', text: '500' })
  run.actor.send({ type: 'SUBMIT' })
  await vi.advanceTimersByTimeAsync(SERVER_MS)
  expect(run.actor.getSnapshot().matches({ invoice: 'waiting' })).toBe(true)
  return run
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the form', () => {
  it('loads the methods and starts on the first one with its default preset', async () => {
    const { actor } = start()
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches('form')).toBe(true)
    expect(context.methodHash).toBe('card-rub')
    expect(context.amountText).toBe('700')
    expect(context.bonusName).toBe('Welcome 100%')
    // Another method: its own default; without presets of its own the computed ones apply.
    actor.send({ type: 'SELECT_METHOD', hash: 'sbp-rub' })
    expect(actor.getSnapshot().context.amountText).toBe('600')
    actor.send({ type: 'PICK_PRESET', amount: 5500_00 as Minor })
    expect(actor.getSnapshot().context.amountText).toBe('5500')
  })

  it('rejects bad amounts with a message and sends nothing', async () => {
    const { actor, calls } = start()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    const cases: [string, unknown][] = [
      ['', { type: 'text', key: PAYIN_TEXTS.empty }],
      ['12abc', { type: 'text', key: PAYIN_TEXTS.invalid }],
      ['-500', { type: 'text', key: PAYIN_TEXTS.invalid }],
      ['100.005', { type: 'text', key: PAYIN_TEXTS.tooPrecise }],
      ['99.99', { type: 'limit', key: PAYIN_TEXTS.tooSmall, limit: 100_00 }],
      ['300 000,01', { type: 'limit', key: PAYIN_TEXTS.tooLarge, limit: 300_000_00 }],
    ]
    for (const [text, message] of cases) {
      actor.send({ type: 'EDIT_AMOUNT', text })
      actor.send({ type: 'SUBMIT' })
      expect(actor.getSnapshot().matches('form'), text).toBe(true)
      expect(actor.getSnapshot().context.amountError, text).toEqual(message)
    }
    expect(actor.getSnapshot().context.rejections).toBe(cases.length)
    // Typing again clears the message.
    actor.send({ type: 'EDIT_AMOUNT', text: '1' })
    expect(actor.getSnapshot().context.amountError).toBeNull()
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.create).not.toHaveBeenCalled()
  })

  it('shows a failed load and loads again on retry', async () => {
    let fail = true
    const { actor, calls } = start({
      load: () => {
        if (fail) throw networkDown()
        return billing
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true)
    fail = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('form')).toBe(true)
    expect(calls.load).toHaveBeenCalledTimes(2)
  })

  it('says so when no method exists in the currency', async () => {
    const { actor } = start({
      load: () => ({ ...billing, payments: { methods: [], bonus: null } }),
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('unavailable')).toBe(true)
  })
})

describe('creating the invoice', () => {
  it('sends one request for a double click, with the amount in minor units', async () => {
    const { actor, calls } = start()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'EDIT_AMOUNT', text: ' 1 234,5 ' })
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().matches('creating')).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.create).toHaveBeenCalledTimes(1)
    expect(calls.create).toHaveBeenCalledWith({
      method_hash: 'card-rub',
      amount: 1234_50,
      key: 'deposit-key-1',
    })
    expect(actor.getSnapshot().matches('invoice')).toBe(true)
    expect(actor.getSnapshot().context.invoice?.id).toBe(INVOICE)
  })

  it('retries a failed attempt with the same key, and takes a new key for another amount', async () => {
    let fail = true
    const { actor, calls } = start({
      create: () => {
        if (fail) throw networkDown()
        return invoice()
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'EDIT_AMOUNT', text: '500' })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('form')).toBe(true)
    expect(actor.getSnapshot().context.formError).toEqual({
      type: 'failure',
      failure: { type: 'transport', reason: 'network' },
    })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'EDIT_AMOUNT', text: '600' })
    fail = false
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.create.mock.calls.map(([c]) => [c.amount, c.key])).toEqual([
      [500_00, 'deposit-key-1'],
      [500_00, 'deposit-key-1'],
      [600_00, 'deposit-key-2'],
    ])
    // After an invoice, a new deposit of the same amount is a new attempt.
    actor.send({ type: 'NEW_DEPOSIT' })
    actor.send({ type: 'SUBMIT' })
    expect(calls.create.mock.calls[3]?.[0].key).toBe('deposit-key-3')
  })

  it('puts the server refusal of the amount on the field', async () => {
    const refusal = new ApiError(
      {
        type: 'http',
        status: 422,
        body: { errors: { amount: ['amount_out_of_range: The amount must be between…'] } },
      },
      { method: 'post', path: 'create' },
    )
    const { actor } = start({
      create: () => {
        throw refusal
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().context.amountError).toEqual({
      type: 'server',
      message: 'amount_out_of_range: The amount must be between…',
    })
    expect(actor.getSnapshot().context.formError).toBeNull()
  })

  it('keeps sum_was_changed and the amount the provider set', async () => {
    const { actor } = await toInvoice({
      create: () => invoice({ sum_was_changed: true, amount: 501_00 as Minor }),
    })
    expect(actor.getSnapshot().context.invoice).toMatchObject({
      sum_was_changed: true,
      amount: 501_00,
    })
  })
})

describe('polling the invoice', () => {
  it('asks every 5 s, not before', async () => {
    const { actor, calls } = await toInvoice()
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - 1)
    expect(calls.status).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.status).toHaveBeenCalledTimes(1)
    expect(calls.status).toHaveBeenCalledWith(INVOICE)
    await vi.advanceTimersByTimeAsync(SERVER_MS + PAYMENT_POLL_MS)
    expect(calls.status).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().matches('invoice')).toBe(true)
  })

  it('stops on status 3, shows the success and refreshes balance and bonus once', async () => {
    const { actor, calls } = await toInvoice({ statuses: [1, 2, 3] })
    await vi.advanceTimersByTimeAsync(3 * (PAYMENT_POLL_MS + SERVER_MS))
    expect(actor.getSnapshot().matches('paid')).toBe(true)
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls.status).toHaveBeenCalledTimes(3)
    expect(calls.showSuccess).toHaveBeenCalledTimes(1)
    expect(calls.refreshBalance).toHaveBeenCalledTimes(1)
    expect(calls.refreshBonus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10 * PAYMENT_POLL_MS)
    expect(calls.status).toHaveBeenCalledTimes(3)
  })

  it('shows a failure on status 4 or 5 and stops polling', async () => {
    for (const [status, key] of [
      [4, PAYIN_TEXTS.paymentExpired],
      [5, PAYIN_TEXTS.paymentFailed],
    ] as const) {
      const { actor, calls } = await toInvoice({ statuses: [status] })
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS + SERVER_MS)
      expect(actor.getSnapshot().matches('failed'), String(status)).toBe(true)
      expect(actor.getSnapshot().context.failure).toEqual({ type: 'text', key })
      await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS)
      expect(calls.status).toHaveBeenCalledTimes(1)
      expect(calls.showSuccess).not.toHaveBeenCalled()
      actor.send({ type: 'NEW_DEPOSIT' })
      expect(actor.getSnapshot().matches('form')).toBe(true)
      actor.stop()
    }
  })

  it('keeps polling through a failed status call', async () => {
    const { actor, calls } = await toInvoice({ statuses: ['down', 3] })
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS + SERVER_MS)
    expect(actor.getSnapshot().matches({ invoice: 'waiting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS + SERVER_MS)
    expect(calls.status).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().matches('paid')).toBe(true)
  })

  it('removes the invoice after its 1200 s life, back to the form with a message', async () => {
    const { actor } = await toInvoice()
    // The invoice was created SERVER_MS after the submit; its life counts from the answer.
    await vi.advanceTimersByTimeAsync(1_200_000 - 1)
    expect(actor.getSnapshot().matches('invoice')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().matches('form')).toBe(true)
    expect(actor.getSnapshot().context.invoice).toBeNull()
    expect(actor.getSnapshot().context.formError).toEqual({
      type: 'text',
      key: PAYIN_TEXTS.invoiceExpired,
    })
    // The form still holds the amount for a new attempt.
    expect(actor.getSnapshot().context.amountText).toBe('500')
  })

  it('honours a shorter life_time from the server', async () => {
    const { actor } = await toInvoice({ create: () => invoice({ life_time: 30 }) })
    await vi.advanceTimersByTimeAsync(29_999)
    expect(actor.getSnapshot().matches('invoice')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().matches('form')).toBe(true)
  })
})
