import { tooManyRequests } from '../errors'
import type { CounterStore } from './store'

/**
 * The log-in backoff of one account (docs/security.md): the first failures are free, each one
 * after them makes the account wait twice as long as the last, up to a cap, and a failure streak
 * is forgotten a while after its first failure or its last wait.
 */
export const LOGIN_BACKOFF = {
  /** Failures in a streak that cost nothing. */
  freeFailures: 5,
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstWaitMs: 1_000,
  /** The longest wait: no attacker can lock a player out for longer than this at a time. */
  maxWaitMs: 15 * 60_000,
  /** A streak ends this long after its first failure, or after its last wait once it waits. */
  forgetAfterMs: 15 * 60_000,
} as const

const failuresKey = (account: string) => `login:failures:${account}`
const waitKey = (account: string) => `login:wait:${account}`

/** A log-in attempt under way: call `succeeded` when it let the player in. */
export interface LoginAttempt {
  succeeded(): Promise<void>
}

/**
 * Throttles log-in per account, across every route that logs in (password or code, by e-mail or
 * phone) and whatever address the tries come from; the per-address rate limit stays in front.
 * An account is named by a key the caller derives the same way for known and unknown
 * identifiers, so the answers never tell them apart.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly now: () => Date,
    private readonly policy: typeof LOGIN_BACKOFF = LOGIN_BACKOFF,
  ) {}

  /**
   * Starts a password attempt on `account`: 429 `too_many_requests` with `Retry-After` while the
   * account waits. The attempt counts as a failure from the start, so tries sent in parallel
   * cannot all slip in while the first ones are still checking their password; `succeeded` wipes
   * the streak.
   */
  async begin(account: string): Promise<LoginAttempt> {
    await this.check(account)
    await this.fail(account)
    return { succeeded: () => this.clear(account) }
  }

  /** 429 `too_many_requests` with `Retry-After` while `account` waits. */
  async check(account: string): Promise<void> {
    const nowMs = this.now().getTime()
    const waiting = await this.counters.get(waitKey(account), nowMs)
    if (waiting) throw tooManyRequests((waiting.expiresAt - nowMs) / 1000)
  }

  /**
   * Counts a failure of `account`; past the free ones the account waits. Throws the 429 when a
   * parallel failure already made it wait, so of attempts that raced past {@link check} one goes
   * on and the others wait.
   */
  async fail(account: string): Promise<void> {
    const nowMs = this.now().getTime()
    const failures = failuresKey(account)
    const { value } = await this.counters.increment(failures, this.policy.forgetAfterMs, nowMs)
    if (value <= this.policy.freeFailures) return
    const until = nowMs + this.waitAfter(value)
    if (!(await this.counters.claim(waitKey(account), until, nowMs))) {
      const held = await this.counters.get(waitKey(account), nowMs)
      throw tooManyRequests(((held?.expiresAt ?? until) - nowMs) / 1000)
    }
    await this.counters.expireAt(failures, until + this.policy.forgetAfterMs, nowMs)
  }

  /** Wipes the streak of `account` (a successful log-in). */
  async clear(account: string): Promise<void> {
    await this.counters.delete(failuresKey(account))
    await this.counters.delete(waitKey(account))
  }

  /** The wait after the `n`th failure of a streak (n past the free ones). */
  private waitAfter(n: number): number {
    const doublings = n - this.policy.freeFailures - 1
    // Past 2^30 the cap has long won; the bound keeps the power finite.
    return Math.min(this.policy.maxWaitMs, this.policy.firstWaitMs * 2 ** Math.min(doublings, 30))
  }
}
