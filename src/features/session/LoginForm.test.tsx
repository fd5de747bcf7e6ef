import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'

import { ApiError } from '../../api'
import type { LoginResponse, User } from '../../../contract'
import { App } from '../../App'
import { authCodeMachine } from '../../flows/authCode.machine'
import { loginMachine } from '../../flows/login.machine'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { registerModalBody } from '../modals/slots'
import { startApi } from './api'
import { createLoginForm } from './LoginForm'

const user = { id: 1, locale: 'en' } as unknown as User
const ok: LoginResponse = {
  success: true,
  token: 'ta_0123456789abcdef0123',
  refresh_token: 'tr_0123456789abcdef0123',
  expires_in: 900,
  sso: null,
}

/** The server's answer to the next log-in, settled by the test. */
let pending: { resolve: (r: LoginResponse) => void; reject: (e: unknown) => void } | undefined
const logIn = vi.fn()
const sendCode = vi.fn()

beforeAll(async () => {
  await initI18n('en')
  const machine = loginMachine.provide({
    actors: {
      logIn: fromPromise(({ input }) => {
        logIn(input)
        return new Promise<LoginResponse>((resolve, reject) => {
          pending = { resolve, reject }
        })
      }),
      fetchUser: fromPromise(() => Promise.resolve(user)),
      saveLocale: fromPromise(() => Promise.resolve(user)),
    },
    actions: {
      storeToken: () => undefined,
      setUser: () => undefined,
      logOutLocally: () => undefined,
      closeModal: () => useModals.getState().close(),
      followSso: () => undefined,
    },
  })
  const code = authCodeMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        sendCode(input)
        return { success: true as const, resend_in: 60 }
      }),
    },
  })
  registerModalBody('Login', createLoginForm({ login: machine, code }))
})
afterEach(() => {
  act(() => useModals.getState().close())
  logIn.mockClear()
  sendCode.mockClear()
  pending = undefined
})

async function openLogin() {
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: ['/'] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  act(() => useModals.getState().open('Login'))
  return await screen.findByTestId('login.form')
}

describe('the Login modal body', () => {
  it('labels its fields and ties translated errors to them, sending nothing', async () => {
    await openLogin()
    const email = screen.getByLabelText('E-mail', { selector: 'input' })
    const password = screen.getByLabelText('Password', { selector: 'input' })
    await userEvent.type(email, 'demo@')
    await userEvent.click(screen.getByTestId('login.submit'))

    const emailError = await screen.findByTestId('login.email-error')
    expect(emailError.textContent).toBe('Enter a valid e-mail, like name@example.com')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id)
    expect(screen.getByTestId('login.password-error').textContent).toBe('Enter your password')
    expect(password.getAttribute('aria-describedby')).toBe(
      screen.getByTestId('login.password-error').id,
    )
    expect(document.activeElement).toBe(email)
    expect(logIn).not.toHaveBeenCalled()

    // Typing in a field clears its message only.
    await userEvent.type(password, 'x')
    expect(screen.queryByTestId('login.password-error')).toBeNull()
    expect(screen.getByTestId('login.email-error')).toBeTruthy()
  })

  it('disables the button while the attempt runs, then closes on success', async () => {
    await openLogin()
    await userEvent.type(
      screen.getByLabelText('E-mail', { selector: 'input' }),
      'demo@tessera.test',
    )
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'tessera-demo')
    const submit = screen.getByTestId('login.submit')
    await userEvent.click(submit)
    expect(submit).toHaveProperty('disabled', true)
    expect(submit.textContent).toBe('Logging in…')
    // Enter in a field while disabled: still one request.
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), '{Enter}')
    expect(logIn).toHaveBeenCalledTimes(1)
    expect(logIn).toHaveBeenCalledWith({
      method: 'email-password',
      email: 'demo@tessera.test',
      password: 'tessera-demo',
    })

    act(() => pending?.resolve(ok))
    await waitFor(() => expect(useModals.getState().current).toBeNull())
  })

  it('shows the server refusal translated, on the e-mail field', async () => {
    await openLogin()
    await userEvent.type(
      screen.getByLabelText('E-mail', { selector: 'input' }),
      'demo@tessera.test',
    )
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-password')
    await userEvent.click(screen.getByTestId('login.submit'))
    const body = { errors: { email: ['invalid_credentials: These credentials do not match.'] } }
    act(() =>
      pending?.reject(
        new ApiError({ type: 'http', status: 422, body }, { method: 'post', path: 'login' }),
      ),
    )
    const error = await screen.findByTestId('login.email-error')
    expect(error.textContent).toBe('Wrong login or password')
    expect(screen.getByTestId('login.submit')).toHaveProperty('disabled', false)
    expect(useModals.getState().current).toBe('Login')
  })

  it('announces a failure that belongs to no field in an alert', async () => {
    await openLogin()
    await userEvent.type(
      screen.getByLabelText('E-mail', { selector: 'input' }),
      'demo@tessera.test',
    )
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'tessera-demo')
    await userEvent.click(screen.getByTestId('login.submit'))
    act(() =>
      pending?.reject(
        new ApiError({ type: 'transport', reason: 'network' }, { method: 'post', path: 'l' }),
      ),
    )
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network Error'))
  })
})

describe('log-in by phone and code', () => {
  it('rejects a partial phone and a missing code with translated messages, sending nothing', async () => {
    await openLogin()
    await userEvent.click(screen.getByTestId('login.tab-phone'))
    expect(screen.getByTestId('login.tab-phone').getAttribute('aria-selected')).toBe('true')
    await userEvent.click(screen.getByTestId('login.mode-code'))
    const phone = screen.getByLabelText('Phone number', { selector: 'input' })
    await userEvent.type(phone, '999123')
    expect((phone as HTMLInputElement).value).toBe('(999) 123')
    await userEvent.click(screen.getByTestId('login.send-code'))
    expect(screen.getByTestId('login.code-hint').textContent).toBe('Enter the whole phone number')
    await userEvent.click(screen.getByTestId('login.submit'))
    expect(screen.getByTestId('login.phone-error').textContent).toBe('Enter the whole phone number')
    expect(screen.getByTestId('login.code-error').textContent).toBe('Enter the code')
    expect(document.activeElement).toBe(phone)
    expect(sendCode).not.toHaveBeenCalled()
    expect(logIn).not.toHaveBeenCalled()
  })

  it('sends the SMS code, counts the cooldown down and logs in with phone and code', async () => {
    await openLogin()
    await userEvent.click(screen.getByTestId('login.tab-phone'))
    await userEvent.click(screen.getByTestId('login.mode-code'))
    await userEvent.type(screen.getByLabelText('Phone number', { selector: 'input' }), '9991234567')
    await userEvent.click(screen.getByTestId('login.send-code'))
    await waitFor(() =>
      expect(screen.getByTestId('login.send-code').textContent).toBe('Send again in 1:00'),
    )
    expect(screen.getByTestId('login.send-code')).toHaveProperty('disabled', true)
    expect(sendCode).toHaveBeenCalledWith({
      channel: 'phone',
      address: '+79991234567',
      resend: false,
    })
    expect(document.activeElement).toBe(screen.getByTestId('login.code'))
    await userEvent.type(screen.getByTestId('login.code'), '123456{Enter}')
    expect(logIn).toHaveBeenCalledWith({
      method: 'phone-code',
      phone: '+79991234567',
      code: '123456',
    })
  })
})

describe('"Forgot password?" in the Login modal', () => {
  it('shows with a password only, and leads to /password/reset with the modal closed', async () => {
    // The reset page makes its machine with the app's client as it mounts; without one it threw
    // and the router moved on to /error, which a slow run saw before the check below.
    startApi({ VITE_API_URL: 'http://127.0.0.1:9/api' }, window.location)
    const router = createAppRouter('en', createMemoryHistory({ initialEntries: ['/top'] }))
    await router.load()
    render(<App router={router} i18n={i18next} />)
    act(() => useModals.getState().open('Login'))
    await screen.findByTestId('login.form')

    const link = screen.getByTestId('login.forgot-password')
    expect(link.textContent).toBe('Forgot password?')
    expect(link.getAttribute('href')).toBe('/password/reset')
    // A code log-in has no password to forget.
    await userEvent.click(screen.getByTestId('login.mode-code'))
    expect(screen.queryByTestId('login.forgot-password')).toBeNull()
    await userEvent.click(screen.getByTestId('login.tab-phone'))
    await userEvent.click(screen.getByTestId('login.mode-password'))
    await userEvent.click(screen.getByTestId('login.forgot-password'))

    await screen.findByTestId('page.passwordReset')
    expect(router.state.location.pathname).toBe('/password/reset')
    expect(useModals.getState().current).toBeNull()
  })
})
