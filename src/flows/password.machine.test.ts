import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import type { PasswordSetRequest, PasswordUpdateRequest } from '../../contract'
import {
  PASSWORD_NOTICES,
  PASSWORD_TEXTS,
  passwordMachine,
  validatePassword,
  type PasswordMode,
  type PasswordValues,
} from './password.machine'

const SERVER_MS = 300

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

const good: PasswordValues = {
  old_password: 'tessera-demo',
  password: 'new-password-1',
  password_confirm: 'new-password-1',
}

function start(mode: PasswordMode, answer: () => void = () => undefined) {
  const calls = {
    update: vi.fn<(body: PasswordUpdateRequest) => void>(),
    set: vi.fn<(body: PasswordSetRequest) => void>(),
    saved: vi.fn<(notice: string) => void>(),
  }
  const machine = passwordMachine.provide({
    actors: {
      updatePassword: fromPromise(({ input }) => {
        calls.update(input)
        return later(SERVER_MS, answer)
      }),
      setPassword: fromPromise(({ input }) => {
        calls.set(input)
        return later(SERVER_MS, answer)
      }),
    },
    actions: { saved: (_, { notice }) => calls.saved(notice) },
  })
  const actor = createActor(machine, { input: { mode } })
  actor.start()
  return { actor, calls }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('validatePassword', () => {
  it('asks for the old password only when changing it', () => {
    const empty = { ...good, old_password: '' }
    expect(validatePassword('update', empty).old_password).toEqual([
      { type: 'text', key: PASSWORD_TEXTS.oldRequired },
    ])
    expect(validatePassword('set', empty)).toEqual({})
  })

  it('holds the new password to 8..128 characters and the confirmation to it', () => {
    expect(
      validatePassword('set', { ...good, password: 'short', password_confirm: 'short' }),
    ).toEqual({
      password: [{ type: 'text', key: PASSWORD_TEXTS.tooShort }],
    })
    const long = 'x'.repeat(129)
    expect(validatePassword('set', { ...good, password: long, password_confirm: long })).toEqual({
      password: [{ type: 'text', key: PASSWORD_TEXTS.tooLong }],
    })
    expect(validatePassword('set', { ...good, password_confirm: 'other-password' })).toEqual({
      password_confirm: [{ type: 'text', key: PASSWORD_TEXTS.mismatch }],
    })
  })
})

describe('password machine', () => {
  it('changes the password, shows the "password changed" notice and is ready again', async () => {
    const { actor, calls } = start('update')
    actor.send({ type: 'SUBMIT', values: good })
    expect(actor.getSnapshot().matches({ submitting: 'updating' })).toBe(true)
    expect(calls.update).toHaveBeenCalledWith(good)
    // A second press while saving sends nothing.
    actor.send({ type: 'SUBMIT', values: good })
    expect(calls.update).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('saved')).toBe(true)
    expect(calls.saved).toHaveBeenCalledWith(PASSWORD_NOTICES.update)
    expect(PASSWORD_NOTICES.update).toBe('profile:settings.password_changed')
    expect(actor.getSnapshot().context.saves).toBe(1)
  })

  it('sets a first password with confirm_password and the "password set" notice', async () => {
    const { actor, calls } = start('set')
    actor.send({ type: 'SUBMIT', values: { ...good, old_password: '' } })
    expect(actor.getSnapshot().matches({ submitting: 'setting' })).toBe(true)
    expect(calls.set).toHaveBeenCalledWith({
      password: good.password,
      confirm_password: good.password_confirm,
    })
    expect(calls.update).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('saved')).toBe(true)
    expect(calls.saved).toHaveBeenCalledWith('profile:password_set_success')
  })

  it('keeps bad input in the browser', () => {
    const { actor, calls } = start('update')
    actor.send({
      type: 'SUBMIT',
      values: { old_password: '', password: 'a', password_confirm: 'b' },
    })
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches('failure')).toBe(true)
    expect(Object.keys(snapshot.context.fieldErrors).sort()).toEqual([
      'old_password',
      'password',
      'password_confirm',
    ])
    expect(snapshot.context.failures).toBe(1)
    expect(calls.update).not.toHaveBeenCalled()
    actor.send({ type: 'EDIT', field: 'password' })
    expect(actor.getSnapshot().context.fieldErrors.password).toBeUndefined()
    expect(actor.getSnapshot().context.fieldErrors.old_password).toBeDefined()
  })

  it('puts the 422 of /password/update on its fields (new_password is the new password)', async () => {
    const { actor, calls } = start('update', () => {
      throw http(422, {
        errors: {
          old_password: ['invalid_credentials: The current password is incorrect.'],
          new_password: ['too_small: Too short'],
          password_confirm: ['password_mismatch: No match'],
        },
      })
    })
    actor.send({ type: 'SUBMIT', values: good })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches('failure')).toBe(true)
    expect(context.fieldErrors).toEqual({
      old_password: [
        { type: 'server', message: 'invalid_credentials: The current password is incorrect.' },
      ],
      password: [{ type: 'server', message: 'too_small: Too short' }],
      password_confirm: [{ type: 'server', message: 'password_mismatch: No match' }],
    })
    expect(context.formError).toBeNull()
    expect(calls.saved).not.toHaveBeenCalled()
  })

  it('puts the 422 of password/set on its fields, and an unknown field on the form', async () => {
    const { actor } = start('set', () => {
      throw http(422, {
        errors: {
          confirm_password: ['password_mismatch: No match'],
          password: ['password_exists: The account already has a password.'],
          _: ['invalid: Broken'],
        },
      })
    })
    actor.send({ type: 'SUBMIT', values: good })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    const { context } = actor.getSnapshot()
    expect(context.fieldErrors.password_confirm).toEqual([
      { type: 'server', message: 'password_mismatch: No match' },
    ])
    expect(context.fieldErrors.password).toEqual([
      { type: 'server', message: 'password_exists: The account already has a password.' },
    ])
    expect(context.formError).toEqual({ type: 'server', message: 'invalid: Broken' })
  })

  it('shows a rate limit or a bug as one form message, then lets the player retry', async () => {
    let fail: unknown = http(429, { data: { message: 'too_many_requests', params: {} } })
    const { actor, calls } = start('update', () => {
      if (fail) throw fail
    })
    actor.send({ type: 'SUBMIT', values: good })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().context.formError).toMatchObject({ type: 'failure' })
    fail = new Error('bug')
    actor.send({ type: 'SUBMIT', values: good })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().context.formError).toEqual({
      type: 'text',
      key: PASSWORD_TEXTS.unexpected,
    })
    expect(actor.getSnapshot().context.failures).toBe(2)
    fail = undefined
    actor.send({ type: 'SUBMIT', values: good })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('saved')).toBe(true)
    expect(actor.getSnapshot().context.formError).toBeNull()
    expect(calls.update).toHaveBeenCalledTimes(3)
  })
})
