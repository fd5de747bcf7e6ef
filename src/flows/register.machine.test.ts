import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type { RegisterResponse, User } from '../../contract'
import { AUTH_TEXTS } from './authForm'
import { registerMachine, type RegisterDetails, type RegisterRequest } from './register.machine'

const SERVER_MS = 300
const TOKEN = 'ta_0123456789abcdef0123'
const user = { id: 9, balance: 0, locale: 'ru' } as unknown as User
const answer: RegisterResponse = {
  data: { token: TOKEN, refresh_token: 'tr_0123456789abcdef0123', expires_in: 900 },
}

function start(reply: () => RegisterResponse | Error = () => answer) {
  const calls = {
    register: vi.fn<(r: RegisterRequest) => void>(),
    storeToken: vi.fn<(t: string) => void>(),
    setUser: vi.fn<(u: User) => void>(),
    registered: vi.fn<(channel: string) => void>(),
  }
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.register(input)
            setTimeout(() => {
              const out = reply()
              if (out instanceof Error) reject(out)
              else resolve(out)
            }, SERVER_MS)
          }),
      ),
      fetchUser: fromPromise(() => new Promise<User>((r) => setTimeout(() => r(user), SERVER_MS))),
    },
    actions: {
      storeToken: (_, { token }) => calls.storeToken(token),
      setUser: (_, { user: u }) => calls.setUser(u),
      registered: (_, { channel }) => calls.registered(channel),
    },
  })
  const actor = createActor(machine, { input: { locale: 'kz' } })
  actor.start()
  const submit = (details: RegisterDetails) => actor.send({ type: 'SUBMIT', details })
  return { actor, calls, submit }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('registration', () => {
  it('rejects bad input with messages per field and sends nothing', async () => {
    const { actor, calls, submit } = start()
    submit({ channel: 'email', email: 'nope', password: 'short', currency: 'RUB' })
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: [{ type: 'text', key: AUTH_TEXTS.emailInvalid }],
      password: [{ type: 'text', key: AUTH_TEXTS.passwordTooShort }],
    })
    submit({ channel: 'phone', phone: '', password: '', currency: 'RUB' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      phone: [{ type: 'text', key: AUTH_TEXTS.phoneRequired }],
      password: [{ type: 'text', key: AUTH_TEXTS.passwordRequired }],
    })
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.register).not.toHaveBeenCalled()
  })

  it('registers by e-mail with the locale, signs in and hands over to the e-mail code step', async () => {
    const { actor, calls, submit } = start()
    submit({
      channel: 'email',
      email: ' new@tessera.test ',
      password: 'long-enough',
      currency: 'KZT',
    })
    // A second press while it runs sends nothing.
    submit({
      channel: 'email',
      email: 'new@tessera.test',
      password: 'long-enough',
      currency: 'KZT',
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.register).toHaveBeenCalledTimes(1)
    expect(calls.register).toHaveBeenCalledWith({
      channel: 'email',
      email: 'new@tessera.test',
      password: 'long-enough',
      currency: 'KZT',
      locale: 'kz',
    })
    expect(calls.storeToken).toHaveBeenCalledWith(TOKEN)
    expect(actor.getSnapshot().matches({ submitting: 'fetchingUser' })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.setUser).toHaveBeenCalledWith(user)
    expect(actor.getSnapshot().matches('registered')).toBe(true)
    expect(calls.registered).toHaveBeenCalledWith('email')
    expect(actor.getSnapshot().context.address).toBe('new@tessera.test')
  })

  it('hands a phone registration over to the phone confirmation', async () => {
    const { calls, submit } = start()
    submit({ channel: 'phone', phone: '+79991234567', password: 'long-enough', currency: 'RUB' })
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(calls.registered).toHaveBeenCalledWith('phone')
  })

  it('shows a taken address on its field', async () => {
    const taken = 'already_taken: The email has already been taken.'
    const { actor, calls, submit } = start(
      () =>
        new ApiError(
          { type: 'http', status: 422, body: { errors: { email: [taken] } } },
          { method: 'post', path: 'r' },
        ),
    )
    submit({
      channel: 'email',
      email: 'demo@tessera.test',
      password: 'long-enough',
      currency: 'RUB',
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: [{ type: 'server', message: taken }],
    })
    expect(calls.storeToken).not.toHaveBeenCalled()
  })
})
