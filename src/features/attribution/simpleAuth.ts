/**
 * `?simpleAuthToken=` (SPEC.md section 2): a link that signs the player in, e.g. from the
 * operator's own app or a mail. The token is a session access token of this API; it is kept as
 * the `token` cookie and taken out of the URL before anything else reads the page, so it stays
 * in neither the history nor a shared link. The session start then loads the player with it; a
 * token the server refuses is cleared like any failed profile fetch (SPEC.md section 4).
 */
import { writeToken } from '../session/cookies'

/** The query key. */
export const SIMPLE_AUTH_TOKEN_KEY = 'simpleAuthToken'

// An access token of the reference server is `at_` and 43 base64url characters; another backend's
// may differ, so only length and alphabet are checked.
const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/

/**
 * Adopts a `simpleAuthToken` of the page's URL as the session token and removes it from the URL.
 * Returns whether one was adopted. Call before the session starts.
 */
export function adoptSimpleAuthToken(
  page: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
  store: (token: string) => void = writeToken,
): boolean {
  const url = new URL(page.href)
  const token = url.searchParams.get(SIMPLE_AUTH_TOKEN_KEY)
  if (token === null) return false
  url.searchParams.delete(SIMPLE_AUTH_TOKEN_KEY)
  history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  if (!TOKEN.test(token)) return false
  store(token)
  return true
}
