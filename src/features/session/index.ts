/**
 * The session feature: the app's API client, the user at start, log-in and log-out.
 *
 * main.tsx calls {@link startSession} once, before the locale is decided, so a signed-in
 * user's saved locale can take part in that decision (SPEC.md section 4).
 */
import type { Api } from '../../api'
import type { User } from '../../../contract'
import { registerModalBody } from '../modals/slots'
import { PayInBody, startAppPayInAutoOpen, SuccessPaymentBody } from '../payin'
import { lazyVerificationBody } from '../verification/lazy'
import { appApi, startApi } from './api'
import { bootstrapSession } from './bootstrap'
import { registerAccountModals } from './accountModals'
import { logOut } from './logout'

export { appApi, logOutLocally, regionOf } from './api'
export { bootstrapSession, loadUser } from './bootstrap'
export { gameServiceUrl, useGameServiceUrl } from './serviceUrls'

/**
 * How long the first paint waits for a signed-in user's profile. Past it the page renders for
 * a visitor and the header fills in when the answer comes (a slow API must not blank the site).
 */
export const BOOTSTRAP_WAIT_MS = 2000

/**
 * Creates the API client, registers the modal bodies (the account ones through
 * `registerAccountModals`) and fetches the user when a token is
 * kept. Resolves with the user, or null for a visitor or when the profile has not answered
 * within {@link BOOTSTRAP_WAIT_MS} (the fetch goes on and fills the store when it answers).
 */
export async function startSession(
  env: Readonly<Record<string, unknown>>,
  page: Location,
): Promise<{ api: Api; user: User | null }> {
  const api = startApi(env, page)
  registerAccountModals(api, page)
  registerModalBody('PayIn', PayInBody)
  registerModalBody('SuccessPayment', SuccessPaymentBody)
  registerModalBody('Verification', lazyVerificationBody(api))
  startAppPayInAutoOpen()
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), BOOTSTRAP_WAIT_MS)
  })
  const user = await Promise.race([bootstrapSession(api), waited])
  clearTimeout(timer)
  return { api, user }
}

/** The header's log-out: PUT auth/logout, then the token and the user are cleared. */
export function logOutOfApp(): Promise<void> {
  return logOut(appApi())
}
