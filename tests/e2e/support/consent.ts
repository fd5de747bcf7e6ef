/**
 * The cookie banner's answer for e2e tests. Every test starts with consent already answered
 * "necessary only" (playwright.config.ts `use.storageState`), as a returning player: the banner,
 * docked at the bottom, would otherwise sit over the buttons at the bottom of a 375 px page in
 * tests that have nothing to do with it. Tests of the banner and of what consent allows start
 * without an answer: `test.use({ storageState: NO_CONSENT })`.
 */

/** The consent cookie's value for "necessary only" (src/features/consent/consent.ts). */
export const NECESSARY_ONLY_COOKIE = 'v1.a0.m0'

/** Playwright storage state holding the answer on every host the tests open. */
export function answeredConsent() {
  return {
    cookies: ['127.0.0.1', 'localhost'].map((domain) => ({
      name: 'consent',
      value: NECESSARY_ONLY_COOKIE,
      domain,
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [],
  }
}

/** Storage state of a first visit: no answer yet, so the banner shows. */
export const NO_CONSENT = { cookies: [], origins: [] }
