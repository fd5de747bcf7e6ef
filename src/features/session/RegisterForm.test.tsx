import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'

import type { User } from '../../../contract'
import { App } from '../../App'
import { authCodeMachine } from '../../flows/authCode.machine'
import { confirmContactMachine } from '../../flows/confirmContact.machine'
import { registerMachine } from '../../flows/register.machine'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { usePromo } from '../attribution/promo'
import { registerModalBody } from '../modals/slots'
import { createRegisterForm } from './RegisterForm'

const register = vi.fn()
const confirm = vi.fn()

beforeAll(async () => {
  await initI18n('en')
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise(async ({ input }) => {
        register(input)
        return {
          data: {
            token: 'ta_0123456789abcdef0123',
            refresh_token: 'tr_0123456789abcdef0123',
            expires_in: 900,
          },
        }
      }),
      fetchUser: fromPromise(async () => ({ id: 5 }) as unknown as User),
    },
    actions: { storeToken: () => undefined, setUser: () => undefined, registered: () => undefined },
  })
  const confirmEmail = confirmContactMachine.provide({
    actors: {
      confirm: fromPromise(async ({ input }) => {
        confirm(input)
        return { success: true as const }
      }),
      fetchUser: fromPromise(async () => ({ id: 5 }) as unknown as User),
    },
    actions: { confirmed: () => useModals.getState().close() },
  })
  const code = authCodeMachine.provide({
    actors: { sendCode: fromPromise(async () => ({ success: true as const, resend_in: 60 })) },
  })
  registerModalBody(
    'Register',
    createRegisterForm({ register: machine, confirmEmail: { confirm: confirmEmail, code } }),
  )
})
afterEach(() => {
  act(() => useModals.getState().close())
  register.mockClear()
  confirm.mockClear()
})

async function openRegister() {
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: ['/'] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  act(() => useModals.getState().open('Register'))
  return await screen.findByTestId('register.form')
}

describe('the Register modal body', () => {
  it('rejects bad input with translated messages tied to the fields, sending nothing', async () => {
    await openRegister()
    await userEvent.click(screen.getByTestId('register.tab-phone'))
    await userEvent.type(screen.getByTestId('register.phone'), '999')
    await userEvent.type(screen.getByTestId('register.password'), 'short')
    await userEvent.click(screen.getByTestId('register.submit'))
    const phoneError = await screen.findByTestId('register.phone-error')
    expect(phoneError.textContent).toBe('Enter the whole phone number')
    expect(screen.getByTestId('register.phone').getAttribute('aria-describedby')).toBe(
      phoneError.id,
    )
    expect(screen.getByTestId('register.password-error').textContent).toBe(
      'The password needs at least 8 characters',
    )
    expect(document.activeElement).toBe(screen.getByTestId('register.phone'))
    expect(register).not.toHaveBeenCalled()
  })

  it('registers by e-mail, then takes the mailed code in place and closes when it is accepted', async () => {
    await openRegister()
    await userEvent.type(screen.getByTestId('register.email'), 'new@tessera.test')
    await userEvent.type(screen.getByTestId('register.password'), 'a-long-password')
    await userEvent.selectOptions(screen.getByTestId('register.currency'), 'USD')
    await userEvent.click(screen.getByTestId('register.submit'))
    expect(register).toHaveBeenCalledWith({
      channel: 'email',
      email: 'new@tessera.test',
      password: 'a-long-password',
      currency: 'USD',
      promo: '',
      locale: 'en',
    })
    const code = await screen.findByTestId('confirm-email.code')
    expect(screen.getByTestId('confirm-email.form').textContent).toContain('new@tessera.test')
    await userEvent.click(screen.getByTestId('confirm-email.submit'))
    expect(await screen.findByTestId('confirm-email.code-error')).toBeTruthy()
    expect(confirm).not.toHaveBeenCalled()
    await userEvent.type(code, '123456{Enter}')
    expect(confirm).toHaveBeenCalledWith({ code: '123456' })
    await waitFor(() => expect(useModals.getState().current).toBeNull())
  })

  it("starts the promo field with the visit's code and sends what the player leaves in it", async () => {
    act(() => usePromo.setState({ code: 'WELCOME100' }))
    await openRegister()
    const promo = screen.getByLabelText('Promo code (optional)') as HTMLInputElement
    expect(promo.value).toBe('WELCOME100')
    await userEvent.type(screen.getByTestId('register.email'), 'promo@tessera.test')
    await userEvent.type(screen.getByTestId('register.password'), 'a-long-password')
    await userEvent.clear(promo)
    await userEvent.type(promo, 'MYCODE')
    // A check that drops the visit's code later does not touch what the player typed.
    act(() => usePromo.setState({ code: null }))
    expect(promo.value).toBe('MYCODE')
    await userEvent.click(screen.getByTestId('register.submit'))
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ promo: 'MYCODE' }))
    act(() => usePromo.setState({ code: null }))
  })
})
