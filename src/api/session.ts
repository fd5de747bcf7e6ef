/**
 * The token refresh of SPEC.md section 4: on a 401 the client refreshes the token once, the
 * other requests that fail meanwhile wait for that one refresh and are retried with its token;
 * a failed refresh logs the user out, and a refresh answered 401 with an SSO link also sends
 * the browser there.
 *
 * Kept apart from the HTTP code: the refresh call itself is injected, so the queueing rules are
 * plain promise logic.
 */

/** What the refresh call answered. */
export type RefreshOutcome =
  /** A new access token. */
  | { readonly type: 'renewed'; readonly token: string }
  /** The server refused (401); `sso` is the single-sign-on link to follow, if it sent one. */
  | { readonly type: 'refused'; readonly sso: string | undefined }
  /** Any other failure (other status, network, timeout). */
  | { readonly type: 'failed' }

/** What the refresher needs from the shell and the transport. */
export interface RefresherDeps {
  readonly getToken: () => string | undefined
  readonly onLogout: () => void
  readonly redirect: (url: string) => void
  /**
   * Performs `POST /auth/refresh-token` with the token that was rejected, and stores the new
   * token before resolving `renewed`.
   */
  readonly refresh: (token: string) => Promise<RefreshOutcome>
}

/** Single-flight token renewal shared by every request of one client. */
export interface TokenRefresher {
  /**
   * Called after a request sent with `sentToken` got a 401. Resolves with the token to retry
   * with, or undefined when the session has ended (the user is logged out by then).
   */
  renew(sentToken: string): Promise<string | undefined>
  /** Resolves when no refresh is running, so a request sent next carries the newest token. */
  settled(): Promise<void>
}

/** Creates the refresher; one per API client. */
export function createTokenRefresher(deps: RefresherDeps): TokenRefresher {
  let inFlight: Promise<string | undefined> | undefined

  async function run(token: string): Promise<string | undefined> {
    const outcome = await deps.refresh(token)
    switch (outcome.type) {
      case 'renewed':
        return outcome.token
      case 'refused':
        deps.onLogout()
        if (outcome.sso !== undefined) deps.redirect(outcome.sso)
        return undefined
      case 'failed':
        deps.onLogout()
        return undefined
      default: {
        const unknown: never = outcome
        throw new Error(`[Api] unknown refresh outcome ${JSON.stringify(unknown)}`)
      }
    }
  }

  return {
    renew(sentToken) {
      // Requests that fail while the refresh runs are the queue: they share its result.
      if (inFlight) return inFlight
      const current = deps.getToken()
      // Logged out meanwhile (an earlier refresh failed): nothing left to refresh.
      if (current === undefined) return Promise.resolve(undefined)
      // The token changed since this request left (an earlier refresh finished while it was on
      // the wire): retry with the newer token instead of refreshing a second time.
      if (current !== sentToken) return Promise.resolve(current)
      const started = run(current).finally(() => {
        inFlight = undefined
      })
      inFlight = started
      return started
    },
    async settled() {
      // A refresh failure is reported to the requests that queued for it, not to newcomers.
      if (inFlight) await inFlight.catch(() => undefined)
    },
  }
}
