import * as oidc from 'openid-client'

import type { SocialConfig } from './config'

/** The secrets of one attempt: kept on the server between the redirect and the callback. */
export interface OAuthChecks {
  state: string
  codeVerifier: string
  nonce: string
}

/** A provider signed in through an OAuth 2 / OpenID Connect redirect. */
export interface OAuthProvider {
  /** Where the popup goes: the provider's authorization endpoint with this attempt's checks. */
  authorizationUrl(checks: OAuthChecks, redirectUri: string): Promise<URL>
  /**
   * The provider's stable id of the player, from the callback URL (as the provider sent the
   * browser to it, on our public origin): exchanges the code with the PKCE verifier and checks
   * state (and nonce, where there is an ID token). Throws when anything does not hold.
   */
  subjectOf(callbackUrl: URL, checks: OAuthChecks): Promise<string>
}

/** Fresh state, PKCE verifier and nonce for one attempt. */
export function newChecks(): OAuthChecks {
  return {
    state: oidc.randomState(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
  }
}

/**
 * Plain http is allowed only for an issuer on this machine (a test's or a developer's local
 * provider); a real provider is https, and openid-client refuses anything else.
 */
function insecureAllowed(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

/**
 * Google, or any OpenID Connect provider: discovery at the issuer (done once, retried after a
 * failure), the authorization code flow with PKCE, state and nonce, and the subject from the
 * verified ID token.
 */
export function openIdProvider(settings: NonNullable<SocialConfig['google']>): OAuthProvider {
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    if (!discovered) {
      const issuer = new URL(settings.issuer)
      discovered = oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecureAllowed(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      discovered.catch(() => (discovered = undefined))
    }
    return discovered
  }
  return {
    async authorizationUrl(checks, redirectUri) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
    },
    async subjectOf(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      })
      const sub = tokens.claims()?.sub
      if (!sub) throw new Error('[social] the ID token has no subject')
      return sub
    },
  }
}

/** Yandex ID endpoints (https://yandex.ru/dev/id/doc/): OAuth 2, no discovery document. */
export const YANDEX = {
  issuer: 'https://oauth.yandex.ru',
  authorization_endpoint: 'https://oauth.yandex.ru/authorize',
  token_endpoint: 'https://oauth.yandex.ru/token',
  info: 'https://login.yandex.ru/info?format=json',
} as const

/**
 * Yandex ID: openid-client over a fixed server metadata (Yandex publishes no discovery
 * document), the code flow with PKCE and state, then the user-info call for the account id.
 */
export function yandexProvider(
  settings: NonNullable<SocialConfig['yandex']>,
  fetchImpl: typeof fetch = fetch,
): OAuthProvider {
  const configuration = new oidc.Configuration(
    {
      issuer: YANDEX.issuer,
      authorization_endpoint: YANDEX.authorization_endpoint,
      token_endpoint: YANDEX.token_endpoint,
    },
    settings.clientId,
    settings.clientSecret,
  )
  return {
    async authorizationUrl(checks, redirectUri) {
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
    },
    async subjectOf(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      })
      // Yandex's user-info answer has `id`, not OpenID's `sub`, and takes the `OAuth` scheme.
      const res = await fetchImpl(YANDEX.info, {
        headers: { authorization: `OAuth ${tokens.access_token}` },
      })
      if (!res.ok) throw new Error(`[social] Yandex user info answered ${res.status}`)
      const body = (await res.json()) as { id?: unknown }
      if (typeof body.id !== 'string' || body.id === '') {
        throw new Error('[social] Yandex user info has no id')
      }
      return body.id
    },
  }
}

/** VK ID endpoints (https://id.vk.com/about/business/go/docs/). */
export const VK = {
  authorization_endpoint: 'https://id.vk.com/authorize',
  token_endpoint: 'https://id.vk.com/oauth2/auth',
} as const

/**
 * VK ID: OAuth 2.1 with PKCE (VK ID requires it) and state. The token exchange is a plain form
 * POST: VK's needs the `device_id` of the callback and its answer carries the `user_id` with an
 * ID token of VK's own profile, which a generic OpenID client would try and fail to verify
 * against a discovery document VK does not publish.
 */
export function vkProvider(
  settings: NonNullable<SocialConfig['vk']>,
  fetchImpl: typeof fetch = fetch,
): OAuthProvider {
  return {
    async authorizationUrl(checks, redirectUri) {
      const url = new URL(VK.authorization_endpoint)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        scope: 'vkid.personal_info',
      }).toString()
      return url
    },
    async subjectOf(callbackUrl, checks) {
      const q = callbackUrl.searchParams
      if (q.get('state') !== checks.state) throw new Error('[social] VK state does not match')
      const code = q.get('code')
      const deviceId = q.get('device_id')
      if (!code || !deviceId) throw new Error(`[social] VK refused: ${q.get('error') ?? 'no code'}`)
      const redirectUri = callbackUrl.origin + callbackUrl.pathname
      const res = await fetchImpl(VK.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: checks.codeVerifier,
          client_id: settings.clientId,
          device_id: deviceId,
          redirect_uri: redirectUri,
          state: checks.state,
        }),
      })
      if (!res.ok) throw new Error(`[social] VK token endpoint answered ${res.status}`)
      const body = (await res.json()) as { user_id?: unknown; error?: unknown }
      if (typeof body.user_id !== 'number' && typeof body.user_id !== 'string') {
        throw new Error(`[social] VK token answer has no user_id (${String(body.error)})`)
      }
      return String(body.user_id)
    },
  }
}
