/**
 * The PayIn auto-open rule (SPEC.md sections 2 and 9): 17 s after a logged-in user with balance
 * 0 and a currency is seen, PayIn opens, unless another modal is open then. Registration needs
 * nothing of its own: the new user is seen like any other.
 *
 * A pure scheduler: the session, the modals and the clock are injected, so the app edge wires
 * the stores and `setTimeout` (src/features/payin/autoOpen.ts) and tests drive fake timers.
 */

/** Delay between seeing the user and opening PayIn. */
export const PAYIN_AUTO_OPEN_MS = 17_000

/** What the rule reads of a user. */
export interface AutoOpenUser {
  readonly id: number
  /** Real money, minor units. */
  readonly balance: number
  readonly currency: string | null
}

/** What the scheduler is given. */
export interface PayInAutoOpenDeps {
  /** The user now (null for a visitor). */
  readonly currentUser: () => AutoOpenUser | null
  /** Calls `listener` on every change of the user; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void
  /** True when any modal is open. */
  readonly isModalOpen: () => boolean
  readonly openPayIn: () => void
  readonly setTimer: (fire: () => void, ms: number) => unknown
  readonly clearTimer: (timer: unknown) => void
  /** Default {@link PAYIN_AUTO_OPEN_MS}. */
  readonly delayMs?: number
}

/** True for a user PayIn should open for: logged in, nothing on the balance, a currency set. */
export function wantsDeposit(user: AutoOpenUser | null): boolean {
  return user !== null && user.balance === 0 && user.currency !== null
}

/**
 * Starts watching the session. The delay starts when a qualifying user is first seen (later
 * refetches of the same user do not restart it), stops when the user logs out or the balance
 * becomes positive, and PayIn opens at most once per page session. If another modal is open
 * when the delay ends, PayIn stays closed until the user is seen again. Returns the stop function.
 */
export function startPayInAutoOpen(deps: PayInAutoOpenDeps): () => void {
  const delay = deps.delayMs ?? PAYIN_AUTO_OPEN_MS
  let opened = false
  let timer: { handle: unknown; userId: number } | null = null

  const cancel = () => {
    if (timer) deps.clearTimer(timer.handle)
    timer = null
  }

  const fire = () => {
    timer = null
    if (opened || !wantsDeposit(deps.currentUser()) || deps.isModalOpen()) return
    opened = true
    deps.openPayIn()
  }

  const check = () => {
    if (opened) return
    const user = deps.currentUser()
    if (!wantsDeposit(user) || user === null) return cancel()
    // Another account on the same page: its own 17 s.
    if (timer && timer.userId !== user.id) cancel()
    if (!timer) timer = { handle: deps.setTimer(fire, delay), userId: user.id }
  }

  const unsubscribe = deps.subscribe(check)
  check()
  return () => {
    unsubscribe()
    cancel()
  }
}
