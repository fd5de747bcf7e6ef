import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import { AUTH_TEXTS } from './authForm'
import { authCodeMachine, type SendCodeRequest } from './authCode.machine'

const SERVER_MS = 200

function start(reply: (r: SendCodeRequest) => number | Error, resendIn?: number) {
  const calls = vi.fn<(r: SendCodeRequest) => void>()
  const machine = authCodeMachine.provide({
    actors: {
      sendCode: fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls(input)
            setTimeout(() => {
              const out = reply(input)
              if (out instanceof Error) reject(out)
              else resolve({ success: true, resend_in: out })
            }, SERVER_MS)
          }),
      ),
    },
  })
  const actor = createActor(machine, { input: { resendIn } })
  actor.start()
  return { actor, calls }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('sending a code', () => {
  it('checks the address first and sends nothing when it is wrong', async () => {
    const { actor, calls } = start(() => 60)
    actor.send({ type: 'SEND', channel: 'phone', address: '+7999' })
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({
      type: 'text',
      key: AUTH_TEXTS.phoneInvalid,
    })
    actor.send({ type: 'SEND', channel: 'email', address: '' })
    expect(actor.getSnapshot().context.error).toEqual({
      type: 'text',
      key: AUTH_TEXTS.emailRequired,
    })
    await vi.advanceTimersByTimeAsync(SERVER_MS * 3)
    expect(calls).not.toHaveBeenCalled()
  })

  it('counts resend_in down a second at a time, then allows a resend', async () => {
    const { actor, calls } = start(() => 3)
    actor.send({ type: 'SEND', channel: 'phone', address: '+79991234567' })
    expect(actor.getSnapshot().matches('sending')).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls).toHaveBeenLastCalledWith({
      channel: 'phone',
      address: '+79991234567',
      resend: false,
    })
    expect(actor.getSnapshot().matches('cooling')).toBe(true)
    expect(actor.getSnapshot().context.resendIn).toBe(3)
    // Pressing during the countdown sends nothing.
    actor.send({ type: 'SEND', channel: 'phone', address: '+79991234567' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.resendIn).toBe(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(calls).toHaveBeenCalledTimes(1)

    actor.send({ type: 'SEND', channel: 'phone', address: '+79991234567' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls).toHaveBeenLastCalledWith({
      channel: 'phone',
      address: '+79991234567',
      resend: true,
    })
    expect(actor.getSnapshot().context.sent).toBe(2)
  })

  it('waits as a 429 says, and shows other refusals', async () => {
    const tooEarly = new ApiError(
      {
        type: 'http',
        status: 429,
        body: { data: { message: 'too_many_requests', params: { retry_after: 42 } } },
      },
      { method: 'post', path: 'c' },
    )
    const { actor } = start(() => tooEarly)
    actor.send({ type: 'SEND', channel: 'email', address: 'demo@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(actor.getSnapshot().matches('cooling')).toBe(true)
    expect(actor.getSnapshot().context.resendIn).toBe(42)

    const down = new ApiError(
      { type: 'transport', reason: 'network' },
      { method: 'post', path: 'c' },
    )
    const other = start(() => down)
    other.actor.send({ type: 'SEND', channel: 'email', address: 'demo@tessera.test' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(other.actor.getSnapshot().matches('failed')).toBe(true)
    expect(other.actor.getSnapshot().context.error).toEqual({
      type: 'failure',
      failure: down.failure,
    })
  })

  it('may start with a running countdown (a code was just sent)', async () => {
    const { actor } = start(() => 60, 2)
    expect(actor.getSnapshot().matches('cooling')).toBe(true)
    await vi.advanceTimersByTimeAsync(2000)
    expect(actor.getSnapshot().matches('ready')).toBe(true)
  })
})
