import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import { RESET_TEXTS } from './passwordReset.fields'
import { passwordResetLinkMachine } from './passwordResetLink.machine'

const SERVER_MS = 300
const TOKEN = 'rl_0123456789abcdef0123'
const NEW = { password: 'new-secret-1', passwordConfirm: 'new-secret-1' }

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

const invalidToken = () =>
  new ApiError(
    {
      type: 'http',
      status: 422,
      body: { errors: { token: ['invalid_token: The reset link or token is invalid.'] } },
    },
    { method: 'post', path: 'password/email/token/check' },
  )

function start(
  fakes: {
    check?: () => { data: { valid: true; expires_in: number } }
    reset?: () => { success: true }
  } = {},
) {
  const calls = {
    checkToken: vi.fn<(input: { token: string }) => void>(),
    resetPassword: vi.fn<(input: Record<string, string>) => void>(),
    notifySuccess: vi.fn(),
    openLogin: vi.fn(),
  }
  const machine = passwordResetLinkMachine.provide({
    actors: {
      checkToken: fromPromise(({ input }) => {
        calls.checkToken(input)
        return later(
          SERVER_MS,
          fakes.check ?? (() => ({ data: { valid: true, expires_in: 3600 } })),
        )
      }),
      resetPassword: fromPromise(({ input }) => {
        calls.resetPassword({ ...input })
        return later(SERVER_MS, fakes.reset ?? (() => ({ success: true })))
      }),
    },
    actions: {
      notifySuccess: () => calls.notifySuccess(),
      openLogin: () => calls.openLogin(),
    },
  })
  const actor = createActor(machine, { input: { token: TOKEN } })
  actor.start()
  return { actor, calls, snap: () => actor.getSnapshot() }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('reset from the mailed link', () => {
  it('checks the token first, then sets the password with it and sends the player to log in', async () => {
    const { actor, calls, snap } = start()
    expect(snap().matches('checking')).toBe(true)
    expect(calls.checkToken).toHaveBeenCalledWith({ token: TOKEN })
    // Nothing to submit until the link is known to work.
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.resetPassword).not.toHaveBeenCalled()
    expect(snap().matches({ form: 'idle' })).toBe(true)

    actor.send({ type: 'RESET', input: NEW })
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.resetPassword).toHaveBeenCalledTimes(1)
    expect(calls.resetPassword).toHaveBeenCalledWith({ token: TOKEN, ...NEW })
    expect(snap().matches('done')).toBe(true)
    expect(calls.notifySuccess).toHaveBeenCalledTimes(1)
    expect(calls.openLogin).toHaveBeenCalledTimes(1)
  })

  it('refuses a bad new password without sending it', async () => {
    const { actor, calls, snap } = start()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'RESET', input: { password: '', passwordConfirm: '' } })
    expect(snap().context.fieldErrors).toEqual({
      password: [{ type: 'text', key: RESET_TEXTS.passwordRequired }],
      passwordConfirm: [{ type: 'text', key: RESET_TEXTS.confirmRequired }],
    })
    expect(snap().context.failures).toBe(1)
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.resetPassword).not.toHaveBeenCalled()
  })

  it('shows an unknown or used link as invalid, without a form', async () => {
    const { calls, snap } = start({
      check: () => {
        throw invalidToken()
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('invalid')).toBe(true)
    expect(snap().status).toBe('done')
    expect(calls.resetPassword).not.toHaveBeenCalled()
  })

  it('turns invalid when the link is used up between the check and the reset', async () => {
    const { actor, snap } = start({
      reset: () => {
        throw invalidToken()
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    actor.send({ type: 'RESET', input: NEW })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('invalid')).toBe(true)
  })

  it('keeps a failed check retryable', async () => {
    let fail = true
    const network = new ApiError(
      { type: 'transport', reason: 'network' },
      { method: 'post', path: 'c' },
    )
    const { actor, snap } = start({
      check: () => {
        if (fail) throw network
        return { data: { valid: true, expires_in: 10 } }
      },
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('checkFailed')).toBe(true)
    expect(snap().context.formError).toEqual({ type: 'failure', failure: network.failure })
    fail = false
    actor.send({ type: 'RETRY' })
    expect(snap().context.formError).toBeNull()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('form')).toBe(true)
  })
})
