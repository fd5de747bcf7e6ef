import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type { CodeSentResponse, ResetTokenResponse } from '../../contract'
import { RESET_TEXTS } from './passwordReset.fields'
import { passwordResetMachine, SECOND_MS, type PasswordResetInput } from './passwordReset.machine'

const SERVER_MS = 300
const RESET_TOKEN = 'rt_0123456789abcdef0123'
const NEW = { password: 'new-secret-1', passwordConfirm: 'new-secret-1' }

/** Resolves (or rejects) after `ms` of the fake clock, like a server answering late. */
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

function http(status: number, body: unknown): ApiError {
  return new ApiError({ type: 'http', status, body }, { method: 'post', path: 'password' })
}
const invalid = (field: string) =>
  http(422, { errors: { [field]: ['invalid_token: The reset link or token is invalid.'] } })

interface Fakes {
  requestCode?: () => CodeSentResponse
  confirmCode?: () => ResetTokenResponse
  checkResetToken?: () => { data: { valid: true; expires_in: number } }
  resetPassword?: () => { success: true }
  input?: PasswordResetInput
}

function start(fakes: Fakes = {}) {
  const calls = {
    requestCode: vi.fn<(input: { channel: string; address: string }) => void>(),
    confirmCode: vi.fn<(input: { channel: string; address: string; code: string }) => void>(),
    checkResetToken: vi.fn<(input: { token: string }) => void>(),
    resetPassword: vi.fn<(input: Record<string, string>) => void>(),
    notifySuccess: vi.fn(),
    openLogin: vi.fn(),
    goToErrorPage: vi.fn(),
  }
  const machine = passwordResetMachine.provide({
    actors: {
      requestCode: fromPromise(({ input }) => {
        calls.requestCode(input)
        return later(SERVER_MS, fakes.requestCode ?? (() => ({ success: true, resend_in: 60 })))
      }),
      confirmCode: fromPromise(({ input }) => {
        calls.confirmCode(input)
        return later(
          SERVER_MS,
          fakes.confirmCode ?? (() => ({ data: { reset_token: RESET_TOKEN } })),
        )
      }),
      checkResetToken: fromPromise(({ input }) => {
        calls.checkResetToken(input)
        return later(
          SERVER_MS,
          fakes.checkResetToken ?? (() => ({ data: { valid: true, expires_in: 900 } })),
        )
      }),
      resetPassword: fromPromise(({ input }) => {
        calls.resetPassword({ ...input })
        return later(SERVER_MS, fakes.resetPassword ?? (() => ({ success: true })))
      }),
    },
    actions: {
      notifySuccess: () => calls.notifySuccess(),
      openLogin: () => calls.openLogin(),
      goToErrorPage: () => calls.goToErrorPage(),
    },
  })
  const actor = createActor(machine, { input: fakes.input ?? {} })
  actor.start()
  return { actor, calls, snap: () => actor.getSnapshot() }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('bad input is refused before anything is sent', () => {
  it('an address, a code and a new password, each with its message', async () => {
    const { actor, calls, snap } = start()
    actor.send({ type: 'REQUEST', address: '' })
    expect(snap().context.fieldErrors).toEqual({
      email: [{ type: 'text', key: RESET_TEXTS.emailRequired }],
    })
    actor.send({ type: 'REQUEST', address: 'player@' })
    expect(snap().context.fieldErrors.email).toEqual([
      { type: 'text', key: RESET_TEXTS.emailInvalid },
    ])
    actor.send({ type: 'CHANNEL', channel: 'phone' })
    expect(snap().context.fieldErrors).toEqual({})
    actor.send({ type: 'REQUEST', address: '+7 (999) 12' })
    expect(snap().context.fieldErrors.phone).toEqual([
      { type: 'text', key: RESET_TEXTS.phoneInvalid },
    ])
    expect(snap().matches('request')).toBe(true)
    expect(snap().context.failures).toBe(3)
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.requestCode).not.toHaveBeenCalled()

    actor.send({ type: 'CHANNEL', channel: 'email' })
    actor.send({ type: 'REQUEST', address: ' player@tessera.test ' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '12a4' })
    expect(snap().context.fieldErrors.code).toEqual([
      { type: 'text', key: RESET_TEXTS.codeInvalid },
    ])
    actor.send({ type: 'CONFIRM', code: ' ' })
    expect(snap().context.fieldErrors.code).toEqual([
      { type: 'text', key: RESET_TEXTS.codeRequired },
    ])
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.confirmCode).not.toHaveBeenCalled()

    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches({ newPassword: 'idle' })).toBe(true)
    actor.send({ type: 'RESET', input: { password: 'short', passwordConfirm: 'other' } })
    expect(snap().context.fieldErrors).toEqual({
      password: [{ type: 'text', key: RESET_TEXTS.passwordTooShort, values: { min: 8 } }],
      passwordConfirm: [{ type: 'text', key: RESET_TEXTS.confirmMismatch }],
    })
    actor.send({ type: 'RESET', input: { password: 'x'.repeat(129), passwordConfirm: '' } })
    expect(snap().context.fieldErrors).toEqual({
      password: [{ type: 'text', key: RESET_TEXTS.passwordTooLong, values: { max: 128 } }],
      passwordConfirm: [{ type: 'text', key: RESET_TEXTS.confirmRequired }],
    })
    actor.send({ type: 'EDIT', field: 'password' })
    expect(Object.keys(snap().context.fieldErrors)).toEqual(['passwordConfirm'])
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.resetPassword).not.toHaveBeenCalled()
  })
})

describe('by e-mail', () => {
  it('sends the code, trades it for a reset token, sets the password and sends the player to log in', async () => {
    const { actor, calls, snap } = start()
    actor.send({ type: 'REQUEST', address: ' player@tessera.test ' })
    expect(snap().matches('requesting')).toBe(true)
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.requestCode).toHaveBeenCalledTimes(1)
    expect(calls.requestCode).toHaveBeenCalledWith({
      channel: 'email',
      address: 'player@tessera.test',
    })
    expect(snap().matches({ code: { form: 'idle', countdown: 'running' } })).toBe(true)
    expect(snap().context.resendIn).toBe(60)

    actor.send({ type: 'CONFIRM', code: ' 123456 ' })
    expect(snap().matches({ code: { form: 'confirming' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.confirmCode).toHaveBeenCalledWith({
      channel: 'email',
      address: 'player@tessera.test',
      code: ' 123456 ',
    })
    // E-mail reset tokens are not checked first: there is no call for them.
    expect(calls.checkResetToken).not.toHaveBeenCalled()
    expect(snap().matches({ newPassword: 'idle' })).toBe(true)

    actor.send({ type: 'RESET', input: NEW })
    actor.send({ type: 'RESET', input: NEW })
    expect(calls.notifySuccess).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.resetPassword).toHaveBeenCalledTimes(1)
    expect(calls.resetPassword).toHaveBeenCalledWith({
      channel: 'email',
      resetToken: RESET_TOKEN,
      ...NEW,
    })
    expect(snap().matches('done')).toBe(true)
    expect(snap().status).toBe('done')
    expect(calls.notifySuccess).toHaveBeenCalledTimes(1)
    expect(calls.openLogin).toHaveBeenCalledTimes(1)
    expect(calls.notifySuccess.mock.invocationCallOrder[0]).toBeLessThan(
      calls.openLogin.mock.invocationCallOrder[0] as number,
    )
  })

  it('counts down before another code may be sent, then resends once', async () => {
    const { actor, calls, snap } = start({ requestCode: () => ({ success: true, resend_in: 3 }) })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().context.resendIn).toBe(3)
    actor.send({ type: 'RESEND' })
    expect(snap().matches({ code: { form: 'idle' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(SECOND_MS)
    expect(snap().context.resendIn).toBe(2)
    await vi.advanceTimersByTimeAsync(2 * SECOND_MS)
    expect(snap().context.resendIn).toBe(0)
    expect(snap().matches({ code: { countdown: 'stopped' } })).toBe(true)
    // Stopped: the clock no longer ticks anything.
    await vi.advanceTimersByTimeAsync(10 * SECOND_MS)
    expect(snap().context.resendIn).toBe(0)

    actor.send({ type: 'RESEND' })
    actor.send({ type: 'RESEND' })
    expect(snap().matches({ code: { form: 'resending' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.requestCode).toHaveBeenCalledTimes(2)
    expect(snap().context.resendIn).toBe(3)
    expect(snap().matches({ code: { form: 'idle', countdown: 'running' } })).toBe(true)
  })

  it('waits as long as the server asks when a resend is refused inside its cooldown', async () => {
    let refuse = false
    const tooSoon = http(429, {
      data: { message: 'too_many_requests', params: { retry_after: 7 } },
    })
    const { actor, snap } = start({
      requestCode: () => {
        if (refuse) throw tooSoon
        return { success: true, resend_in: 0 }
      },
    })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    refuse = true
    actor.send({ type: 'RESEND' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().context.resendIn).toBe(7)
    expect(snap().context.formError).toEqual({ type: 'failure', failure: tooSoon.failure })
  })

  it('shows a wrong code under the code field and lets the player try again', async () => {
    const wrong = 'invalid_code: The code is invalid or has expired.'
    let refuse = true
    const { actor, snap } = start({
      confirmCode: () => {
        if (refuse) throw http(422, { errors: { code: [wrong] } })
        return { data: { reset_token: RESET_TOKEN } }
      },
    })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '000000' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches({ code: { form: 'idle' } })).toBe(true)
    expect(snap().context.fieldErrors).toEqual({ code: [{ type: 'server', message: wrong }] })
    refuse = false
    actor.send({ type: 'CONFIRM', code: '123456' })
    expect(snap().context.fieldErrors).toEqual({})
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('newPassword')).toBe(true)
  })

  it('puts 422 password messages under their fields and others on the form', async () => {
    const mismatch = 'password_mismatch: The password confirmation does not match.'
    const { actor, snap } = start({
      resetPassword: () => {
        throw http(422, { errors: { password_confirm: [mismatch], _: ['bad_request: x'] } })
      },
    })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches({ newPassword: 'idle' })).toBe(true)
    expect(snap().context.fieldErrors).toEqual({
      passwordConfirm: [{ type: 'server', message: mismatch }],
    })
    expect(snap().context.formError).toEqual({ type: 'server', message: 'bad_request: x' })
  })

  it('ends in `expired` when the reset token ran out, and starts again from there', async () => {
    const { actor, calls, snap } = start({
      resetPassword: () => {
        throw invalid('reset_token')
      },
    })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('expired')).toBe(true)
    expect(calls.goToErrorPage).not.toHaveBeenCalled()
    actor.send({ type: 'RESTART' })
    expect(snap().matches('request')).toBe(true)
    expect(snap().context.resendIn).toBe(0)
  })

  it('goes back to the address form from the code step', async () => {
    const { actor, snap } = start()
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'RESTART' })
    expect(snap().matches('request')).toBe(true)
  })

  it('explains a failed request on the form and stays on the address', async () => {
    const network = new ApiError(
      { type: 'transport', reason: 'network' },
      { method: 'post', path: 'forgot' },
    )
    const { actor, snap } = start({
      requestCode: () => {
        throw network
      },
    })
    actor.send({ type: 'REQUEST', address: 'player@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('request')).toBe(true)
    expect(snap().context.formError).toEqual({ type: 'failure', failure: network.failure })
  })
})

describe('by phone', () => {
  it('sends an SMS code, checks the reset token, then resets with it', async () => {
    const { actor, calls, snap } = start({ input: { channel: 'phone' } })
    actor.send({ type: 'REQUEST', address: '+7 (999) 123 45 67' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.requestCode).toHaveBeenCalledWith({ channel: 'phone', address: '+79991234567' })
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('checkingToken')).toBe(true)
    expect(calls.checkResetToken).toHaveBeenCalledWith({ token: RESET_TOKEN })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('newPassword')).toBe(true)
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.resetPassword).toHaveBeenCalledWith({
      channel: 'phone',
      resetToken: RESET_TOKEN,
      ...NEW,
    })
    expect(snap().matches('done')).toBe(true)
  })

  it('sends an invalid reset token to the error page (SPEC.md section 8)', async () => {
    const { actor, calls, snap } = start({
      input: { channel: 'phone' },
      checkResetToken: () => {
        throw invalid('token')
      },
    })
    actor.send({ type: 'REQUEST', address: '+79991234567' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(snap().matches('invalidToken')).toBe(true)
    expect(calls.goToErrorPage).toHaveBeenCalledTimes(1)
    expect(calls.openLogin).not.toHaveBeenCalled()
  })

  it('sends a reset token refused at the reset to the error page too', async () => {
    const { actor, calls } = start({
      input: { channel: 'phone' },
      resetPassword: () => {
        throw invalid('reset_token')
      },
    })
    actor.send({ type: 'REQUEST', address: '+79991234567' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.goToErrorPage).toHaveBeenCalledTimes(1)
  })

  it('offers a retry when the token check could not be made', async () => {
    let fail = true
    const { actor, snap } = start({
      input: { channel: 'phone' },
      checkResetToken: () => {
        if (fail)
          throw new ApiError(
            { type: 'transport', reason: 'timeout' },
            { method: 'post', path: 'c' },
          )
        return { data: { valid: true, expires_in: 900 } }
      },
    })
    actor.send({ type: 'REQUEST', address: '+79991234567' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'CONFIRM', code: '123456' })
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(snap().matches('checkFailed')).toBe(true)
    expect(snap().context.formError?.type).toBe('failure')
    fail = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('newPassword')).toBe(true)
  })
})
