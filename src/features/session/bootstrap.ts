/**
 * Getting the signed-in user (SPEC.md sections 3 and 4): GET /profile/user with the saved
 * super bonus, keeping the rotated token and the super bonus the answer carries.
 */
import type { Api, CallOptions } from '../../api'
import type { User } from '../../../contract'
import { useSession } from '../../stores/session'
import { logOutLocally } from './api'
import { readSuperBonus, readToken, takeSsoFlag, writeSuperBonus, writeToken } from './cookies'

/**
 * Fetches the user into the session store and returns it. A `fresh_token` replaces the token
 * cookie (the server has already retired the old one) and a `super_bonus` is remembered.
 */
export async function loadUser(api: Pick<Api, 'profile'>, options?: CallOptions): Promise<User> {
  const answer = await api.profile.user({ whoAreYou: readSuperBonus() }, options)
  if (answer.fresh_token) writeToken(answer.fresh_token)
  if (answer.super_bonus) writeSuperBonus(answer.super_bonus)
  useSession.getState().setUser(answer.user)
  return answer.user
}

/**
 * At start: a browser holding a token gets its user; when that fails (ended session, server
 * down) the token cookie is cleared and the player is a visitor (SPEC.md section 4). Silent:
 * an expired session is not an error to show. Resolves with the user or null; never rejects.
 */
export async function bootstrapSession(api: Pick<Api, 'profile'>): Promise<User | null> {
  // Back from the SSO round trip (or it never came back): the flag has done its job.
  takeSsoFlag()
  if (readToken() === undefined) return null
  try {
    return await loadUser(api, { notify: false })
  } catch (error) {
    logOutLocally()
    console.warn('[session] profile fetch failed, logged out locally:', error)
    return null
  }
}
