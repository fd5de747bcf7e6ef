import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'

import { DEMO } from '../../../server/db/seed'
import { LOGIN_CALL } from '../support/calls'

/** The profile calls the tests make directly (the reference server serves the API under /api). */
export const SESSIONS_CALL = '/api/profile/sessions'

/** Logs the demo account in through the API; returns the access token of a new session. */
export async function logInByApi(
  request: APIRequestContext,
  userAgent = 'Playwright e2e',
): Promise<string> {
  const res = await request.post(LOGIN_CALL, {
    data: { email: DEMO.email, password: DEMO.password },
    headers: { 'user-agent': userAgent },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** Makes the browser hold `token` as the app's session cookie. */
export async function useToken(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
}

/** The profile area (/profile and its children) as a test sees it. */
export class ProfilePage {
  readonly title: Locator
  readonly guestPrompt: Locator
  readonly guestLogin: Locator
  readonly hideAvatar: Locator
  readonly hideStatistics: Locator
  readonly sessions: Locator
  readonly currentSession: Locator
  readonly passwordForm: Locator
  readonly historyList: Locator
  readonly historyEmpty: Locator
  readonly balanceTotal: Locator
  readonly verification: Locator
  readonly verificationStatus: Locator
  readonly verifyButton: Locator

  constructor(readonly page: Page) {
    this.title = page.getByTestId('page.title')
    this.guestPrompt = page.getByTestId('profile.guest')
    this.guestLogin = page.getByTestId('profile.guest-login')
    this.hideAvatar = page.getByTestId('profile.hide-avatar')
    this.hideStatistics = page.getByTestId('profile.hide-statistics')
    this.sessions = page.getByTestId('profile.session')
    this.currentSession = page.locator('[data-testid="profile.session"][data-current="true"]')
    this.passwordForm = page.getByTestId('profile.password-form')
    this.historyList = page.getByTestId('profile.history-list')
    this.historyEmpty = page.getByTestId('profile.history-empty')
    this.balanceTotal = page.getByTestId('profile.balance-total')
    this.verification = page.getByTestId('profile.verification')
    this.verificationStatus = page.getByTestId('profile.verification-status')
    this.verifyButton = page.getByTestId('profile.verify-button')
  }

  /** Opens a profile path (`''`, `/access`, ...) with an optional locale prefix. */
  async open(child = '', prefix = ''): Promise<void> {
    await this.page.goto(`${prefix}/profile${child}`)
    await expect(this.title).toBeVisible()
  }

  /** The session row with this id. */
  session(id: number): Locator {
    return this.page.locator(`[data-testid="profile.session"][data-session-id="${id}"]`)
  }

  /** Ends the session with this id from its row. */
  async revoke(id: number): Promise<void> {
    await this.session(id).getByTestId('profile.session-revoke').click()
    await expect(this.session(id)).toHaveCount(0)
  }

  /** Waits for the toast that confirms a save. */
  async expectToast(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true })).toBeVisible()
  }
}
