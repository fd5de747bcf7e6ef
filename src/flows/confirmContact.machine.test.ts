import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type { User } from '../../contract'
import { AUTH_TEXTS } from './authForm'
import { confirmContactMachine } from './confirmContact.machine'

const SERVER_MS = 300

function start(accept: (code: string) => boolean) {
  const calls = { confirm: vi.fn<(code: string) => void>(), fetchUser: vi.fn(), confirmed: vi.fn() }
  const wrong = 'invalid_code: The code is invalid or has expired.'
  const machine = confirmContactMachine.provide({
    actors: {
      confirm: fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.confirm(input.code)
            setTimeout(() => {
              if (accept(input.code)) resolve({ success: true })
              else
                reject(
                  new ApiError(
                    { type: 'http', status: 422, body: { errors: { code: [wrong] } } },
                    { method: 'post', path: 'v' },
                  ),
                )
            }, SERVER_MS)
          }),
      ),
      fetchUser: fromPromise(async () => {
        calls.fetchUser()
        return {} as User
      }),
    },
    actions: { confirmed: () => calls.confirmed() },
  })
  const actor = createActor(machine)
  actor.start()
  return { actor, calls, wrong }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('confirming a contact with its code', () => {
  it('rejects a malformed code without sending it', async () => {
    const { actor, calls } = start(() => true)
    actor.send({ type: 'SUBMIT', code: '12' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: [{ type: 'text', key: AUTH_TEXTS.codeInvalid }],
    })
    actor.send({ type: 'SUBMIT', code: ' ' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: [{ type: 'text', key: AUTH_TEXTS.codeRequired }],
    })
    await vi.advanceTimersByTimeAsync(3 * SERVER_MS)
    expect(calls.confirm).not.toHaveBeenCalled()
  })

  it('shows a wrong code on the field, then confirms, refreshes the user and closes', async () => {
    const { actor, calls, wrong } = start((code) => code === '123456')
    actor.send({ type: 'SUBMIT', code: '000000' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: [{ type: 'server', message: wrong }],
    })
    actor.send({ type: 'SUBMIT', code: ' 123456' })
    expect(actor.getSnapshot().matches('verifying')).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.confirm).toHaveBeenLastCalledWith('123456')
    expect(calls.fetchUser).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches('confirmed')).toBe(true)
    expect(calls.confirmed).toHaveBeenCalledTimes(1)
  })
})
