import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'

import { ApiError } from '../../api'
import { passwordResetMachine } from '../../flows/passwordReset.machine'
import { passwordResetLinkMachine } from '../../flows/passwordResetLink.machine'
import { initI18n } from '../../i18n'
import { PasswordResetFlow } from './PasswordResetFlow'
import { ResetLinkFlow } from './ResetLinkFlow'

beforeAll(async () => {
  await initI18n('en')
})

function fakeReset(confirm: () => Promise<{ data: { reset_token: string } }>) {
  const calls = {
    requestCode: vi.fn(),
    confirmCode: vi.fn(),
    resetPassword: vi.fn(),
    notifySuccess: vi.fn(),
    openLogin: vi.fn(),
  }
  const machine = passwordResetMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }) => {
        calls.requestCode(input)
        return { success: true as const, resend_in: 60 }
      }),
      confirmCode: fromPromise(({ input }) => {
        calls.confirmCode(input)
        return confirm()
      }),
      checkResetToken: fromPromise(async () => ({
        data: { valid: true as const, expires_in: 900 },
      })),
      resetPassword: fromPromise(async ({ input }) => {
        calls.resetPassword({ ...input })
        return { success: true as const }
      }),
    },
    actions: {
      notifySuccess: () => calls.notifySuccess(),
      openLogin: () => calls.openLogin(),
      goToErrorPage: () => undefined,
    },
  })
  return { machine, calls }
}

/** The request step links to LoginByEmail, so the page body needs a router around it. */
async function renderFlow(machine: Parameters<typeof PasswordResetFlow>[0]['machine']) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <PasswordResetFlow machine={machine} /> }),
    history: createMemoryHistory({ initialEntries: ['/password/reset'] }),
  })
  await router.load()
  render(<RouterProvider router={router} />)
  await screen.findByTestId('password-reset.request-form')
  return router
}

const token = () => Promise.resolve({ data: { reset_token: 'rt_0123456789abcdef0123' } })

describe('the reset-by-code page body', () => {
  it('offers a one-time-code log-in (LoginByEmail) instead, with the e-mail only', async () => {
    const { machine } = fakeReset(token)
    await renderFlow(machine)
    const link = screen.getByTestId('password-reset.login-by-code')
    expect(link.textContent).toBe('Log in with a one-time code')
    // The flag value the modal URL sync reads as LoginByEmail (urlSync.test.ts).
    expect(link.getAttribute('href')).toBe('/?login=email')
    await userEvent.click(screen.getByTestId('password-reset.channel-phone'))
    expect(screen.queryByTestId('password-reset.login-by-code')).toBeNull()
  })

  it('refuses a bad address on either tab with a translated message, sending nothing', async () => {
    const { machine, calls } = fakeReset(token)
    await renderFlow(machine)
    await userEvent.click(screen.getByTestId('password-reset.request-submit'))
    const error = await screen.findByTestId('password-reset.email-error')
    expect(error.textContent).toBe('Enter your e-mail')
    const email = screen.getByTestId('password-reset.email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBe(error.id)
    expect(document.activeElement).toBe(email)

    await userEvent.click(screen.getByTestId('password-reset.channel-phone'))
    expect(screen.getByTestId('password-reset.channel-phone').getAttribute('aria-pressed')).toBe(
      'true',
    )
    await userEvent.type(screen.getByLabelText('Phone number'), '99912')
    await userEvent.click(screen.getByTestId('password-reset.request-submit'))
    expect((await screen.findByTestId('password-reset.phone-error')).textContent).toBe(
      'Enter the whole phone number',
    )
    expect(calls.requestCode).not.toHaveBeenCalled()
  })

  it('goes from the e-mail to the code to the new password, refusing bad input on the way', async () => {
    const { machine, calls } = fakeReset(token)
    await renderFlow(machine)
    await userEvent.type(screen.getByLabelText('E-mail'), 'player@tessera.test')
    await userEvent.click(screen.getByTestId('password-reset.request-submit'))
    expect((await screen.findByTestId('password-reset.code-sent')).textContent).toContain(
      'player@tessera.test',
    )
    expect(calls.requestCode).toHaveBeenCalledWith({
      channel: 'email',
      address: 'player@tessera.test',
    })
    const resend = screen.getByTestId('password-reset.resend')
    expect(resend).toHaveProperty('disabled', true)
    expect(resend.textContent).toBe('New code in 60 s')

    await userEvent.type(screen.getByLabelText('Code'), '12ab')
    await userEvent.click(screen.getByTestId('password-reset.code-submit'))
    expect((await screen.findByTestId('password-reset.code-error')).textContent).toBe(
      'Enter the whole code from the message, digits only',
    )
    expect(calls.confirmCode).not.toHaveBeenCalled()
    await userEvent.clear(screen.getByLabelText('Code'))
    await userEvent.type(screen.getByLabelText('Code'), '123456')
    await userEvent.click(screen.getByTestId('password-reset.code-submit'))

    const password = await screen.findByLabelText('New password')
    await userEvent.type(password, 'short')
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'other')
    await userEvent.click(screen.getByTestId('password-reset.save'))
    expect((await screen.findByTestId('password-reset.password-error')).textContent).toBe(
      'Use at least 8 characters',
    )
    expect(screen.getByTestId('password-reset.password-confirm-error').textContent).toBe(
      'The passwords do not match',
    )
    expect(calls.resetPassword).not.toHaveBeenCalled()

    await userEvent.clear(password)
    await userEvent.type(password, 'new-secret-1')
    await userEvent.clear(screen.getByLabelText('Repeat the new password'))
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1')
    await userEvent.click(screen.getByTestId('password-reset.save'))
    await waitFor(() => expect(calls.openLogin).toHaveBeenCalledTimes(1))
    expect(calls.resetPassword).toHaveBeenCalledWith({
      channel: 'email',
      resetToken: 'rt_0123456789abcdef0123',
      password: 'new-secret-1',
      passwordConfirm: 'new-secret-1',
    })
    expect(calls.notifySuccess).toHaveBeenCalledTimes(1)
  })

  it('shows a wrong code translated under the code field', async () => {
    const wrong = new ApiError(
      {
        type: 'http',
        status: 422,
        body: { errors: { code: ['invalid_code: The code is invalid or has expired.'] } },
      },
      { method: 'post', path: 'api/v2/auth/password/email/code/confirm' },
    )
    const { machine } = fakeReset(() => Promise.reject(wrong))
    await renderFlow(machine)
    await userEvent.type(screen.getByLabelText('E-mail'), 'player@tessera.test')
    await userEvent.click(screen.getByTestId('password-reset.request-submit'))
    await userEvent.type(await screen.findByLabelText('Code'), '000000')
    await userEvent.click(screen.getByTestId('password-reset.code-submit'))
    expect((await screen.findByTestId('password-reset.code-error')).textContent).toBe(
      'The code is wrong or has expired',
    )
  })
})

describe('the reset-by-link page body', () => {
  it('checks the link, then refuses a bad password without sending it', async () => {
    let answer: (value: { data: { valid: true; expires_in: number } }) => void = () => {}
    const reset = vi.fn()
    const machine = passwordResetLinkMachine.provide({
      actors: {
        checkToken: fromPromise(
          () =>
            new Promise<{ data: { valid: true; expires_in: number } }>((resolve) => {
              answer = resolve
            }),
        ),
        resetPassword: fromPromise(async ({ input }) => {
          reset(input)
          return { success: true as const }
        }),
      },
      actions: { notifySuccess: () => undefined, openLogin: () => undefined },
    })
    render(<ResetLinkFlow machine={machine} token="rl_0123456789abcdef0123" />)
    expect(screen.getByTestId('reset-password.checking').textContent).toBe('Checking the link…')
    expect(screen.queryByLabelText('New password')).toBeNull()
    act(() => answer({ data: { valid: true, expires_in: 3600 } }))
    await userEvent.click(await screen.findByTestId('reset-password.save'))
    expect((await screen.findByTestId('reset-password.password-error')).textContent).toBe(
      'Enter a new password',
    )
    expect(reset).not.toHaveBeenCalled()
  })
})
