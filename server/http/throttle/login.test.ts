import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors'
import { LOGIN_BACKOFF, LoginThrottle } from './login'
import { MemoryCounterStore } from './memory'

/** A throttle on a clock the test moves, and what one attempt answers. */
function setup() {
  let now = 0
  const throttle = new LoginThrottle(new MemoryCounterStore(), () => new Date(now))
  const attempt = async (account = 'account:1') => {
    try {
      await throttle.begin(account)
      return 'checked'
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) return Number(err.headers['retry-after'])
      throw err
    }
  }
  return { throttle, attempt, advance: (s: number) => (now += s * 1000) }
}

describe('LoginThrottle', () => {
  it('waits 1 s, 2 s, 4 s … after the free failures, up to the cap', async () => {
    const { attempt, advance } = setup()
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) expect(await attempt()).toBe('checked')
    const waits: number[] = []
    for (let i = 0; i < 14; i++) {
      const wait = await attempt()
      expect(wait).toEqual(expect.any(Number))
      waits.push(wait as number)
      advance(wait as number)
      expect(await attempt()).toBe('checked')
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900])
  })

  it('answers the 429 as the rate limit does, with Retry-After', async () => {
    const { throttle } = setup()
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) await throttle.begin('a')
    const err = await throttle.begin('a').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({
      status: 429,
      body: { data: { message: 'too_many_requests', params: { retry_after: 1 } } },
      headers: { 'retry-after': '1' },
    })
  })

  it('forgets a streak 15 minutes after its first failure, or after its last wait', async () => {
    const { attempt, advance } = setup()
    for (let i = 0; i < LOGIN_BACKOFF.freeFailures; i++) await attempt()
    advance(15 * 60)
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) expect(await attempt()).toBe('checked')
    expect(await attempt()).toBe(1)
    // Waiting out 1 s and 14 more minutes is not enough: the streak lives 15 minutes after it.
    advance(1 + 14 * 60)
    expect(await attempt()).toBe('checked')
    expect(await attempt()).toBe(2)
    advance(2 + 15 * 60)
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) expect(await attempt()).toBe('checked')
  })

  it('wipes the streak on success, and keeps accounts apart', async () => {
    const { throttle, attempt } = setup()
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) await attempt('a')
    expect(await attempt('a')).toBe(1)
    expect(await attempt('b')).toBe('checked')
    await throttle.clear('a')
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) expect(await attempt('a')).toBe('checked')
    const ok = await throttle.begin('c')
    await ok.succeeded()
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) expect(await attempt('c')).toBe('checked')
  })

  it('lets one of the attempts racing past the free failures go on', async () => {
    const { attempt } = setup()
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt()))
    expect(results.filter((r) => r === 'checked')).toHaveLength(LOGIN_BACKOFF.freeFailures + 1)
  })
})
