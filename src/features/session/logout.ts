import type { Api } from '../../api'
import { logOutLocally } from './api'

/**
 * Logs out (SPEC.md section 4): PUT auth/logout ends the session on the server, then the token
 * cookie and the user are cleared. The local part happens even when the call fails: the player
 * asked to leave, and a session the server still holds expires on its own.
 */
export async function logOut(api: Pick<Api, 'auth'>): Promise<void> {
  try {
    await api.auth.logout({ notify: false })
  } catch (error) {
    console.warn('[session] logout call failed; logged out locally:', error)
  } finally {
    logOutLocally()
  }
}
