/**
 * The player's cookie consent (Privacy §4): what this browser may write beyond the cookies the site
 * needs to work. The one owner of the choice; analytics (posthog-js) and the attribution cookies
 * read it here and wait for it.
 *
 * The choice lives in the `consent` cookie for 365 days, so the server and every tab see the same
 * answer, and a player who has not chosen yet is asked again on the next visit.
 */
import Cookies from 'js-cookie'
import { create } from 'zustand'

/** What a player can allow beyond the necessary cookies. */
export type ConsentCategory = 'analytics' | 'marketing'

/** A player's answer: each category allowed or not. */
export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>

/** The cookie holding the choice, and its lifetime in days. */
export const CONSENT_COOKIE = 'consent'
export const CONSENT_COOKIE_DAYS = 365
/** The version of the question: a new version asks everyone again. */
export const CONSENT_VERSION = 1

/** Nothing allowed: the answer until the player chooses, and the answer to "necessary only". */
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, marketing: false }
/** Everything allowed ("Accept all"). */
export const ALL_ALLOWED: ConsentChoice = { analytics: true, marketing: true }

/** Reads the cookie's choice; null when there is none, it is unreadable or of an older version. */
export function readConsentCookie(
  raw: string | undefined = Cookies.get(CONSENT_COOKIE),
): ConsentChoice | null {
  if (raw === undefined) return null
  // `v1.a1.m0`: short, readable in the server's logs, no JSON quoting in a cookie.
  const m = /^v(\d+)\.a([01])\.m([01])$/.exec(raw)
  if (!m || Number(m[1]) !== CONSENT_VERSION) return null
  return { analytics: m[2] === '1', marketing: m[3] === '1' }
}

/** The cookie value for a choice. */
export function consentCookieValue(choice: ConsentChoice): string {
  return `v${CONSENT_VERSION}.a${choice.analytics ? 1 : 0}.m${choice.marketing ? 1 : 0}`
}

/** The consent state: the choice (null until made) and the actions that change it. */
export interface ConsentState {
  /** The player's choice; null while they have not chosen (the banner shows). */
  choice: ConsentChoice | null
  /** The banner was reopened from the footer to change the choice. */
  editing: boolean
  /** Records a choice, writes the cookie and closes the banner. */
  choose: (choice: ConsentChoice) => void
  /** Opens the banner again (the footer's "Cookie settings"). */
  edit: () => void
  /** Closes a reopened banner without changing the choice (Escape). */
  cancelEdit: () => void
}

/** The one owner of the consent choice. */
export const useConsent = create<ConsentState>()((set) => ({
  choice: typeof document === 'undefined' ? null : readConsentCookie(),
  editing: false,
  choose: (choice) => {
    Cookies.set(CONSENT_COOKIE, consentCookieValue(choice), {
      expires: CONSENT_COOKIE_DAYS,
      path: '/',
      sameSite: 'lax',
    })
    set({ choice, editing: false })
  },
  edit: () => set({ editing: true }),
  cancelEdit: () => set({ editing: false }),
}))

/** Whether a category is allowed now (false until the player chooses). */
export function isAllowed(category: ConsentCategory): boolean {
  return useConsent.getState().choice?.[category] ?? false
}

/**
 * Calls `run` once, as soon as `category` is allowed: now if it already is, else when the player
 * allows it. Returns a function that cancels the wait.
 */
export function whenAllowed(category: ConsentCategory, run: () => void): () => void {
  if (isAllowed(category)) {
    run()
    return () => {}
  }
  const stop = useConsent.subscribe((state) => {
    if (state.choice?.[category]) {
      stop()
      run()
    }
  })
  return stop
}
