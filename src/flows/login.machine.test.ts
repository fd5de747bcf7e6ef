import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type { Locale, LoginResponse, User } from '../../contract'
import {
  LOGIN_TEXTS,
  loginMachine,
  validateCredentials,
  type LoginCredentials,
  type LoginInput,
} from './login.machine'
import type { SocialOutcome } from './social.machine'
import { testUser } from '../test/users'

const user = testUser({
  id: 1,
  balance: 1_000_000,
  total_balance: 1_000_000,
  is_phone_verified: true,
})

const TOKEN = 'ta_0123456789abcdef0123'
const SERVER_MS = 300

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
  return new ApiError({ type: 'http', status, body }, { method: 'post', path: 'login' })
}

interface Fakes {
  logIn?: () => LoginResponse
  fetchUser?: () => User
  saveLocale?: (locale: Locale) => User
  input?: Partial<LoginInput>
  /** What the social child ends with. */
  social?: SocialOutcome
}

function start(fakes: Fakes = {}) {
  const calls = {
    logIn: vi.fn<(credentials: LoginCredentials) => void>(),
    fetchUser: vi.fn(),
    saveLocale: vi.fn<(locale: Locale) => void>(),
    storeToken: vi.fn<(token: string) => void>(),
    setUser: vi.fn<(user: User) => void>(),
    logOutLocally: vi.fn(),
    closeModal: vi.fn(),
    followSso: vi.fn<(url: string) => void>(),
  }
  const machine = loginMachine.provide({
    actors: {
      logIn: fromPromise(({ input }) => {
        calls.logIn(input)
        return later(SERVER_MS, fakes.logIn ?? (() => ({ ...okLogin, sso: null })))
      }),
      // The social round trip is social.machine.ts's own test; here it just ends, later.
      socialLogIn: createMachine({
        initial: 'waiting',
        states: { waiting: { after: { [SERVER_MS]: 'ended' } }, ended: { type: 'final' } },
        output: () => fakes.social ?? { type: 'closed' },
      }) as never,
      fetchUser: fromPromise(() => {
        calls.fetchUser()
        return later(SERVER_MS, fakes.fetchUser ?? (() => user))
      }),
      saveLocale: fromPromise(({ input }) => {
        calls.saveLocale(input.locale)
        return later(SERVER_MS, () =>
          (fakes.saveLocale ?? ((l) => ({ ...user, locale: l })))(input.locale),
        )
      }),
    },
    actions: {
      storeToken: (_, { token }) => calls.storeToken(token),
      setUser: (_, { user: u }) => calls.setUser(u),
      logOutLocally: () => calls.logOutLocally(),
      closeModal: () => calls.closeModal(),
      followSso: (_, { url }) => calls.followSso(url),
    },
  })
  const actor = createActor(machine, {
    input: { locale: 'kz', development: false, ...fakes.input },
  })
  actor.start()
  const submit = (email: string, password: string) =>
    actor.send({ type: 'SUBMIT', credentials: { method: 'email-password', email, password } })
  const send = (credentials: LoginCredentials) => actor.send({ type: 'SUBMIT', credentials })
  return { actor, calls, submit, send }
}

const okLogin: LoginResponse = {
  success: true,
  token: TOKEN,
  refresh_token: 'tr_0123456789abcdef0123',
  expires_in: 900,
  sso: null,
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('validation before sending', () => {
  it('names each bad field and sends nothing', async () => {
    const { actor, calls, submit } = start()
    submit('', '')
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: [{ type: 'text', key: LOGIN_TEXTS.emailRequired }],
      password: [{ type: 'text', key: LOGIN_TEXTS.passwordRequired }],
    })
    submit('not-an-email', 'secret')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: [{ type: 'text', key: LOGIN_TEXTS.emailInvalid }],
    })
    expect(actor.getSnapshot().context.failures).toBe(2)
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.logIn).not.toHaveBeenCalled()
    expect(calls.storeToken).not.toHaveBeenCalled()
  })

  it('accepts a padded e-mail and a password of spaces, as the server does', () => {
    const byEmail = (email: string, password: string): LoginCredentials => ({
      method: 'email-password',
      email,
      password,
    })
    expect(validateCredentials(byEmail('  Demo@Tessera.test ', '   '))).toEqual({})
    expect(validateCredentials(byEmail('a@b', 'x')).email).toHaveLength(1)
  })

  it('drops the message of a field the player edits, keeping the others', () => {
    const { actor, submit } = start()
    submit('', '')
    actor.send({ type: 'EDIT', field: 'email' })
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['password'])
  })
})

describe('a successful log-in', () => {
  it('stores the token, fetches the user and closes the modal; a second press sends nothing', async () => {
    const { actor, calls, submit } = start()
    submit(' demo@tessera.test ', 'tessera-demo')
    expect(actor.getSnapshot().matches({ submitting: 'loggingIn' })).toBe(true)
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.logIn).toHaveBeenCalledTimes(1)
    expect(calls.logIn).toHaveBeenCalledWith({
      method: 'email-password',
      email: 'demo@tessera.test',
      password: 'tessera-demo',
    })
    expect(calls.storeToken).toHaveBeenCalledWith(TOKEN)
    expect(actor.getSnapshot().matches({ submitting: 'fetchingUser' })).toBe(true)
    expect(calls.closeModal).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.setUser).toHaveBeenCalledWith(user)
    // The user has a locale: it is left alone.
    expect(calls.saveLocale).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls.closeModal).toHaveBeenCalledTimes(1)
    expect(calls.followSso).not.toHaveBeenCalled()
  })

  it('saves the interface locale for a user who has none', async () => {
    const { actor, calls, submit } = start({ fetchUser: () => ({ ...user, locale: null }) })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(actor.getSnapshot().matches({ submitting: 'savingLocale' })).toBe(true)
    expect(calls.saveLocale).toHaveBeenCalledWith('kz')
    expect(calls.closeModal).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.setUser).toHaveBeenLastCalledWith({ ...user, locale: 'kz' })
    expect(actor.getSnapshot().matches('success')).toBe(true)
  })

  it('still succeeds when the locale cannot be saved', async () => {
    const { actor, calls, submit } = start({
      fetchUser: () => ({ ...user, locale: null }),
      saveLocale: () => {
        throw http(500, { data: { message: 'internal_error', params: {} } })
      },
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(3 * SERVER_MS)
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(calls.closeModal).toHaveBeenCalledTimes(1)
  })
})

describe('single sign-on', () => {
  it('follows the SSO link outside development, after closing the modal', async () => {
    const { actor, calls, submit } = start({
      logIn: () => ({ ...okLogin, sso: 'https://sso.example/enter?return=' }),
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(actor.getSnapshot().matches('redirecting')).toBe(true)
    expect(calls.closeModal).toHaveBeenCalledTimes(1)
    expect(calls.followSso).toHaveBeenCalledWith('https://sso.example/enter?return=')
    expect(calls.closeModal.mock.invocationCallOrder[0]).toBeLessThan(
      calls.followSso.mock.invocationCallOrder[0] as number,
    )
  })

  it('ignores it in development', async () => {
    const { actor, calls, submit } = start({
      logIn: () => ({ ...okLogin, sso: 'https://sso.example/enter?return=' }),
      input: { development: true },
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(calls.followSso).not.toHaveBeenCalled()
  })
})

describe('a refused log-in', () => {
  it('shows 422 messages on their fields, stores nothing, and lets the player retry', async () => {
    const wrong = 'invalid_credentials: These credentials do not match our records.'
    let refuse = true
    const { actor, calls, submit } = start({
      logIn: () => {
        if (refuse) throw http(422, { errors: { email: [wrong], _: ['too_many_requests'] } })
        return okLogin
      },
    })
    submit('demo@tessera.test', 'wrong-password')
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(context.fieldErrors).toEqual({ email: [{ type: 'server', message: wrong }] })
    // A message about no field of the form is shown for the form as a whole.
    expect(context.formError).toEqual({ type: 'server', message: 'too_many_requests' })
    expect(calls.storeToken).not.toHaveBeenCalled()
    expect(calls.closeModal).not.toHaveBeenCalled()

    refuse = false
    submit('demo@tessera.test', 'tessera-demo')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    expect(actor.getSnapshot().context.formError).toBeNull()
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(actor.getSnapshot().matches('success')).toBe(true)
  })

  it('keeps any other failure whole for the form to explain', async () => {
    const error = http(429, { data: { message: 'too_many_requests', params: {} } })
    const { actor, submit } = start({
      logIn: () => {
        throw error
      },
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().context.formError).toEqual({
      type: 'failure',
      failure: error.failure,
    })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it('shows a generic message for an unexpected rejection', async () => {
    const { actor, submit } = start({
      logIn: () => {
        throw new Error('[Api] response does not match the contract')
      },
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().context.formError).toEqual({
      type: 'text',
      key: LOGIN_TEXTS.unexpected,
    })
  })

  it('logs out locally when the user cannot be fetched after the token was stored', async () => {
    const { actor, calls, submit } = start({
      fetchUser: () => {
        throw new ApiError({ type: 'transport', reason: 'network' }, { method: 'get', path: 'u' })
      },
    })
    submit('demo@tessera.test', 'tessera-demo')
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(calls.storeToken).toHaveBeenCalledWith(TOKEN)
    expect(calls.logOutLocally).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(actor.getSnapshot().context.formError?.type).toBe('failure')
    expect(calls.closeModal).not.toHaveBeenCalled()
  })
})

describe('log-in by phone and by code', () => {
  it('checks the phone against its mask and the code for 4-8 digits, sending nothing', async () => {
    const { actor, calls, send } = start()
    send({ method: 'phone-code', phone: '+7999123', code: '12a' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      phone: [{ type: 'text', key: LOGIN_TEXTS.phoneInvalid }],
      code: [{ type: 'text', key: LOGIN_TEXTS.codeInvalid }],
    })
    send({ method: 'phone-password', phone: '', password: '' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      phone: [{ type: 'text', key: LOGIN_TEXTS.phoneRequired }],
      password: [{ type: 'text', key: LOGIN_TEXTS.passwordRequired }],
    })
    send({ method: 'email-code', email: 'demo@tessera.test', code: '' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: [{ type: 'text', key: LOGIN_TEXTS.codeRequired }],
    })
    await vi.advanceTimersByTimeAsync(5 * SERVER_MS)
    expect(calls.logIn).not.toHaveBeenCalled()
  })

  it('logs in by phone and SMS code, the code trimmed, and a wrong code lands on the code field', async () => {
    const wrong = 'invalid_code: The code is invalid or has expired.'
    let refuse = true
    const { actor, calls, send } = start({
      logIn: () => {
        if (refuse) throw http(422, { errors: { code: [wrong] } })
        return okLogin
      },
    })
    send({ method: 'phone-code', phone: '+79991234567', code: ' 123456 ' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.logIn).toHaveBeenLastCalledWith({
      method: 'phone-code',
      phone: '+79991234567',
      code: '123456',
    })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: [{ type: 'server', message: wrong }],
    })
    refuse = false
    send({ method: 'phone-code', phone: '+79991234567', code: '654321' })
    await vi.advanceTimersByTimeAsync(2 * SERVER_MS)
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(calls.storeToken).toHaveBeenCalledWith(TOKEN)
    expect(calls.closeModal).toHaveBeenCalledTimes(1)
  })
})

describe('social log-in', () => {
  it('stores the token from the popup, fetches the user and closes the modal', async () => {
    const { actor, calls } = start({
      social: {
        type: 'token',
        token: TOKEN,
        refresh_token: 'tr_0123456789abcdef0123',
        expires_in: 900,
      },
    })
    actor.send({ type: 'SOCIAL', provider: 'google' })
    expect(actor.getSnapshot().matches('social')).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.storeToken).toHaveBeenCalledWith(TOKEN)
    expect(actor.getSnapshot().matches({ submitting: 'fetchingUser' })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(calls.logIn).not.toHaveBeenCalled()
    expect(calls.followSso).not.toHaveBeenCalled()
  })

  it('explains a blocked or closed popup and stores nothing', async () => {
    for (const [outcome, key] of [
      ['blocked', LOGIN_TEXTS.popupBlocked],
      ['closed', LOGIN_TEXTS.popupClosed],
    ] as const) {
      const { actor, calls } = start({ social: { type: outcome } })
      actor.send({ type: 'SOCIAL', provider: 'vk' })
      await vi.advanceTimersByTimeAsync(SERVER_MS)
      expect(actor.getSnapshot().matches('failure'), outcome).toBe(true)
      expect(actor.getSnapshot().context.formError).toEqual({ type: 'text', key })
      expect(calls.storeToken).not.toHaveBeenCalled()
    }
  })

  it('lets the player stop waiting', () => {
    const { actor } = start()
    actor.send({ type: 'SOCIAL', provider: 'yandex' })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
  })
})
