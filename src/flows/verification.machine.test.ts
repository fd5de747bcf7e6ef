import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'

import { ApiError } from '../api'
import { verificationStatus, type User, type VerificationStatus } from '../../contract'
import {
  VERIFICATION_POLL_MS,
  verificationMachine,
  type VerificationData,
} from './verification.machine'
import { mapVerificationStatus, verificationPhase } from './verification.status'

const SERVER_MS = 200

const withStatus = (status: VerificationStatus | null, is_need = true): VerificationData => ({
  is_need,
  data: status === null ? null : { status },
})
const userWith = (verification: VerificationData) => ({ id: 1, verification }) as unknown as User

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

describe('status mapping (SPEC.md section 4)', () => {
  const expected: Record<VerificationStatus, string> = {
    init: 'pending',
    waiting: 'pending',
    user_pending: 'pending',
    pending: 'pending',
    failed: 'failed',
    unverified: 'failed',
    success: 'success',
    verified: 'success',
  }

  it.each(verificationStatus.options)('maps %s', (status) => {
    expect(mapVerificationStatus(status)).toBe(expected[status])
  })

  it('covers every status of the protocol', () => {
    expect(Object.keys(expected).sort()).toEqual([...verificationStatus.options].sort())
  })

  it('reads no status as "start"', () => {
    expect(verificationPhase({ is_need: true, data: null })).toBe('start')
    expect(verificationPhase({ is_need: false, data: { status: 'verified' } })).toBe('success')
  })
})

function start(verification: VerificationData, refreshed: () => VerificationData[]) {
  const queue = refreshed()
  const calls = { refreshUser: vi.fn(), advanceKyc: vi.fn() }
  let advanceFails = false
  const machine = verificationMachine.provide({
    actors: {
      refreshUser: fromPromise(() => {
        calls.refreshUser()
        return later(SERVER_MS, () => {
          const next = queue.length > 1 ? queue.shift() : queue[0]
          if (next === undefined) throw new Error('no answer')
          return userWith(next)
        })
      }),
      advanceKyc: fromPromise(() => {
        calls.advanceKyc()
        return later(SERVER_MS, () => {
          if (advanceFails) {
            throw new ApiError(
              {
                type: 'http',
                status: 400,
                body: { data: { message: 'sandbox_only', params: {} } },
              },
              { method: 'post', path: 'sandbox/kyc' },
            )
          }
        })
      }),
    },
  })
  const actor = createActor(machine, { input: { verification } })
  actor.start()
  return {
    actor,
    calls,
    snap: () => actor.getSnapshot(),
    failAdvance: () => {
      advanceFails = true
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the verification flow', () => {
  it('shows each phase without polling when nothing is pending', async () => {
    for (const [verification, phase] of [
      [null, 'signedOut'],
      [withStatus(null), 'start'],
      [withStatus('unverified'), 'failed'],
      [withStatus('verified', false), 'success'],
    ] as const) {
      const { calls, snap, actor } = start(verification, () => [])
      expect(snap().matches(phase)).toBe(true)
      await vi.advanceTimersByTimeAsync(3 * VERIFICATION_POLL_MS)
      expect(calls.refreshUser).not.toHaveBeenCalled()
      actor.stop()
    }
  })

  it('refreshes the profile every interval while pending, and stops at a decision', async () => {
    const { calls, snap } = start(withStatus('init'), () => [
      withStatus('waiting'),
      withStatus('verified', false),
    ])
    expect(snap().matches({ pending: 'waiting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS - 1)
    expect(calls.refreshUser).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.refreshUser).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches({ pending: 'waiting' })).toBe(true)
    expect(snap().context.verification?.data?.status).toBe('waiting')

    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS + SERVER_MS)
    expect(calls.refreshUser).toHaveBeenCalledTimes(2)
    expect(snap().matches('success')).toBe(true)
    await vi.advanceTimersByTimeAsync(5 * VERIFICATION_POLL_MS)
    expect(calls.refreshUser).toHaveBeenCalledTimes(2)
  })

  it('keeps polling after a failed refresh', async () => {
    const { calls, snap } = start(withStatus('pending'), () => [])
    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS + SERVER_MS)
    expect(snap().matches({ pending: 'waiting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS + SERVER_MS)
    expect(calls.refreshUser).toHaveBeenCalledTimes(2)
  })

  it('stops polling when the modal closes (the actor stops)', async () => {
    const { actor, calls } = start(withStatus('user_pending'), () => [withStatus('pending')])
    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS + SERVER_MS)
    expect(calls.refreshUser).toHaveBeenCalledTimes(1)
    actor.stop()
    await vi.advanceTimersByTimeAsync(10 * VERIFICATION_POLL_MS)
    expect(calls.refreshUser).toHaveBeenCalledTimes(1)
  })

  it('follows the session store: another phase re-evaluates, the same phase keeps the timer', async () => {
    const { actor, calls, snap } = start(withStatus('init'), () => [withStatus('pending')])
    await vi.advanceTimersByTimeAsync(VERIFICATION_POLL_MS - 100)
    actor.send({ type: 'USER', verification: withStatus('waiting') })
    await vi.advanceTimersByTimeAsync(100)
    expect(calls.refreshUser).toHaveBeenCalledTimes(1)
    actor.send({ type: 'USER', verification: withStatus('failed') })
    expect(snap().matches('failed')).toBe(true)
    actor.send({ type: 'USER', verification: null })
    expect(snap().matches('signedOut')).toBe(true)
  })

  it('sandbox: advances the reviewer, then refreshes and shows the new phase', async () => {
    const { actor, calls, snap } = start(withStatus(null), () => [withStatus('init')])
    actor.send({ type: 'ADVANCE' })
    expect(snap().matches({ advancing: 'asking' })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(calls.advanceKyc).toHaveBeenCalledTimes(1)
    expect(snap().matches({ advancing: 'refreshing' })).toBe(true)
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('pending')).toBe(true)
    expect(snap().context.problem).toBeNull()
  })

  it('sandbox: a refused step is kept to explain, and the phase stays', async () => {
    const { actor, snap, failAdvance } = start(withStatus('failed'), () => [])
    failAdvance()
    actor.send({ type: 'ADVANCE' })
    await vi.advanceTimersByTimeAsync(SERVER_MS)
    expect(snap().matches('failed')).toBe(true)
    expect(snap().context.problem?.type).toBe('failure')
  })
})
