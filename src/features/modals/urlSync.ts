import type { AnyRouter } from '@tanstack/react-router'
import { useModals, type ModalName } from '../../stores/modals'

/**
 * Query flags that open a modal: `/?login` or `/?login=1` opens Login. `signup`, `login` and
 * `deposit` are SPEC.md section 2's; `verification` is ours, so a profile button, a support
 * message or an e-mail can link straight to the player's KYC status. When several are present
 * the first in this order wins.
 */
export const MODAL_FLAGS = {
  signup: 'Register',
  login: 'Login',
  deposit: 'PayIn',
  verification: 'Verification',
} as const

/**
 * The `login` value that asks for the one-time-code form instead (`/?login=email` opens
 * LoginByEmail): a link for players who would rather not type, or have lost, a password.
 */
export const LOGIN_BY_EMAIL_VALUE = 'email'

type Search = Record<string, unknown>

const flagged = new Set<ModalName>(Object.values(MODAL_FLAGS))

/**
 * The modal a parsed query asks for, or null. A flag counts whatever its value, except
 * `login=email`, which is LoginByEmail.
 */
export function modalFromSearch(search: Search): ModalName | null {
  for (const [flag, modal] of Object.entries(MODAL_FLAGS)) {
    if (!Object.hasOwn(search, flag)) continue
    if (modal === 'Login' && search[flag] === LOGIN_BY_EMAIL_VALUE) return 'LoginByEmail'
    return modal
  }
  return null
}

/** The query without any modal flag, other parameters (utm_*, promo...) kept. */
export function withoutModalFlags(search: Search): Search {
  return Object.fromEntries(
    Object.entries(search).filter(([key]) => !Object.hasOwn(MODAL_FLAGS, key)),
  )
}

/**
 * Keeps the modal store and the URL in step: a flag in the URL opens its modal after every
 * navigation, and closing a modal while a flag is present removes the flags with a history
 * replace, so Back does not reopen it. Returns the unsubscribe function.
 */
export function startModalUrlSync(router: AnyRouter): () => void {
  const openFromUrl = () => {
    const wanted = modalFromSearch(router.state.location.search as Search)
    const { current, open } = useModals.getState()
    // A flagged modal may be followed by another (Login → LoginByEmail) while the flag is still in
    // the URL; only a free slot or another flagged modal gives way to the flag.
    if (wanted && current !== wanted && (current === null || flagged.has(current))) open(wanted)
  }
  const stopRouter = router.subscribe('onResolved', openFromUrl)
  const stopStore = useModals.subscribe((state, previous) => {
    if (previous.current === null || state.current !== null) return
    const location = router.state.location
    const search = location.search as Search
    if (!modalFromSearch(search)) return
    void router.navigate({
      to: location.pathname,
      search: withoutModalFlags(search),
      hash: location.hash,
      replace: true,
    })
  })
  openFromUrl()
  return () => {
    stopRouter()
    stopStore()
  }
}
