import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import type {
  BillingDataResponse,
  DepositProcessConfig,
  InvoiceId,
  Minor,
  PaymentStatusResponse,
} from '../../../contract'
import { App } from '../../App'
import { payInMachine } from '../../flows/payIn.machine'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { registerModalBody } from '../modals/slots'
import { createPayInBody } from './PayInBody'
import { SuccessPaymentBody } from './SuccessPaymentBody'
import { testUser } from '../../test/users'

const INVOICE = '7f1d8a0e-1c7b-4a49-9d1b-0a6b7f1e2c3d' as InvoiceId
const billing: BillingDataResponse = {
  payments: {
    methods: [
      {
        hash: 'sbp-rub',
        name: { en: 'Faster Payments (SBP)', ru: 'СБП' },
        min_amount: 100_00 as Minor,
        max_amount: 100_000_00 as Minor,
        preset: { default: 700_00 as Minor, amounts: [100_00, 700_00, 5000_00] as Minor[] },
        value: { currency: 'RUB', exchange_currency: 'RUB' },
      },
    ],
    bonus: null,
  },
  'crypto-payments': [],
  'crypto-payouts': [],
}
const invoice: DepositProcessConfig = {
  hash: 'sbp-rub',
  id: INVOICE,
  life_time: 1200,
  amount: 701_00 as Minor,
  shop_amount: 690_49 as Minor,
  commission: 10_51 as Minor,
  card: { card_number: null, phone_number: '+7 999 000 00 00' },
  sum_was_changed: true,
  payment_url: `http://localhost/api/sandbox/pay/${INVOICE}`,
}

const user = testUser({
  id: 1,
  name: 'Player',
  email: 'player@example.com',
  balance: 690_49,
  total_balance: 690_49,
  is_email_verified: false,
})

const create = vi.fn()
let status: PaymentStatusResponse['status'] = 1

function payInActor() {
  const machine = payInMachine.provide({
    actors: {
      loadMethods: fromPromise(() => Promise.resolve(billing)),
      createInvoice: fromPromise(({ input }) => {
        create(input)
        return Promise.resolve(invoice)
      }),
      checkStatus: fromPromise(({ input }) =>
        Promise.resolve({ id: input.id, status, amount: invoice.amount, currency: 'RUB' as const }),
      ),
    },
    actions: {
      showSuccess: () => useModals.getState().open('SuccessPayment'),
      refreshBalance: () => undefined,
      refreshBonus: () => undefined,
    },
    // The 5 s poll is the machine's business (payIn.machine.test.ts); here it only needs to run.
    delays: { pollInterval: 20 },
  })
  return createActor(machine, { input: { newKey: () => 'test-key-0001' } }).start()
}

beforeAll(async () => {
  await initI18n('ru')
  registerModalBody(
    'PayIn',
    createPayInBody(() => payInActor()),
  )
  registerModalBody('SuccessPayment', SuccessPaymentBody)
})
afterEach(() => {
  act(() => useModals.getState().close())
  act(() => useSession.getState().clear())
  create.mockClear()
  status = 1
})

async function openPayIn() {
  const router = createAppRouter('ru', createMemoryHistory({ initialEntries: ['/ru'] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  act(() => useModals.getState().open('PayIn'))
  return await screen.findByTestId('payin.form')
}

// The first render loads the whole app; on a busy two-core machine that alone can take seconds.
describe('the PayIn modal body', { timeout: 20_000 }, () => {
  it('labels the amount, rejects a bad one with a translated message and sends nothing', async () => {
    await openPayIn()
    const amount = screen.getByLabelText('Сумма, RUB')
    expect((amount as HTMLInputElement).value).toBe('700')
    expect(screen.getByTestId('payin.amount-hint').textContent?.replace(/\s/g, ' ')).toBe(
      'От 100 ₽ до 100 000 ₽',
    )
    await userEvent.clear(amount)
    await userEvent.type(amount, '50')
    await userEvent.click(screen.getByTestId('payin.submit'))
    const error = await screen.findByTestId('payin.amount-error')
    expect(error.textContent?.replace(/\s/g, ' ')).toBe('Минимальная сумма пополнения — 100 ₽')
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(amount.getAttribute('aria-describedby')).toContain(error.id)
    expect(document.activeElement).toBe(amount)
    expect(create).not.toHaveBeenCalled()
  })

  it('picks a preset, shows the invoice with its changed sum, then the success', async () => {
    act(() => useSession.getState().setUser(user))
    await openPayIn()
    const preset = screen.getByTestId('payin.preset-2')
    await userEvent.click(preset)
    expect(preset.getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByTestId('payin.submit'))
    expect(create).toHaveBeenCalledWith({
      method_hash: 'sbp-rub',
      amount: 5000_00,
      key: 'test-key-0001',
    })
    const changed = await screen.findByTestId('payin.sum-changed')
    expect(changed.textContent?.replace(/\s/g, ' ')).toContain('701,00 ₽')
    expect(screen.getByTestId('payin.invoice-phone').textContent).toBe('+7 999 000 00 00')
    expect(screen.getByTestId('payin.pay-link').getAttribute('href')).toBe(invoice.payment_url)
    expect(screen.getByTestId('payin.invoice-commission').textContent).toContain('690,49')

    status = 3
    await waitFor(() => expect(useModals.getState().current).toBe('SuccessPayment'))
    expect(
      (await screen.findByTestId('payin.success-balance')).textContent?.replace(/\s/g, ' '),
    ).toBe('Баланс: 690,49 ₽')
  })

  it('announces a failed payment and offers a new one', async () => {
    status = 5
    await openPayIn()
    await userEvent.click(screen.getByTestId('payin.submit'))
    const failed = await screen.findByTestId('payin.failed')
    expect(failed.getAttribute('role')).toBe('alert')
    expect(failed.textContent).toBe(
      'Платёж не прошёл. Попробуйте ещё раз или выберите другой способ.',
    )
    await userEvent.click(screen.getByTestId('payin.try-again'))
    expect(await screen.findByTestId('payin.form')).toBeTruthy()
  })
})
