import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'

import type {
  BillingDataResponse,
  DepositProcessConfig,
  InvoiceId,
  Minor,
  User,
} from '../../../contract'
import { payInMachine } from '../../flows/payIn.machine'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { payInActor } from './controller'

const INVOICE = '7f1d8a0e-1c7b-4a49-9d1b-0a6b7f1e2c3d' as InvoiceId
const billing = {
  payments: {
    methods: [
      {
        hash: 'card-rub',
        name: { en: 'Card' },
        min_amount: 100_00,
        max_amount: 300_000_00,
        preset: { default: 700_00, amounts: [] },
        value: { currency: 'RUB', exchange_currency: 'RUB' },
      },
    ],
    bonus: null,
  },
  'crypto-payments': [],
  'crypto-payouts': [],
} as unknown as BillingDataResponse
const invoice = { id: INVOICE, life_time: 1200, amount: 700_00 } as unknown as DepositProcessConfig
const status = vi.fn()

const machine = payInMachine.provide({
  actors: {
    loadMethods: fromPromise(() => Promise.resolve(billing)),
    createInvoice: fromPromise(() => Promise.resolve(invoice)),
    checkStatus: fromPromise(({ input }) => {
      status()
      return Promise.resolve({
        id: input.id,
        status: 1 as const,
        amount: 0 as Minor,
        currency: 'RUB' as const,
      })
    }),
  },
  actions: {
    showSuccess: () => undefined,
    refreshBalance: () => undefined,
    refreshBonus: () => undefined,
  },
})

const settle = () => vi.advanceTimersByTimeAsync(0)

afterEach(() => {
  useModals.getState().close()
  useSession.getState().clear()
  vi.useRealTimers()
})

describe('the page PayIn flow', () => {
  it('outlives the modal while an invoice waits, and starts afresh otherwise', async () => {
    vi.useFakeTimers()
    useSession.getState().setUser({ id: 1 } as unknown as User)
    useModals.getState().open('PayIn')
    const first = payInActor(machine)
    await settle()
    expect(first.getSnapshot().matches('form')).toBe(true)
    // Closed with only the form: discarded.
    useModals.getState().close()
    expect(first.getSnapshot().status).toBe('stopped')

    useModals.getState().open('PayIn')
    const second = payInActor(machine)
    expect(second).not.toBe(first)
    await settle()
    second.send({ type: 'SUBMIT' })
    await settle()
    expect(second.getSnapshot().matches('invoice')).toBe(true)
    // Closed with an invoice waiting: it keeps polling, and reopening shows the same flow.
    useModals.getState().close()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(status).toHaveBeenCalledTimes(1)
    useModals.getState().open('PayIn')
    expect(payInActor(machine)).toBe(second)

    // A log-out ends it.
    useSession.getState().clear()
    expect(second.getSnapshot().status).toBe('stopped')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(status).toHaveBeenCalledTimes(1)
  })
})
