import { expect, test, type APIRequestContext } from '@playwright/test'

import type { ProfileUserResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { registerPlayer } from './pages/PasswordResetPage'
import { logInByApi, ProfilePage, useToken } from './pages/ProfilePage'
import { LOGIN_CALL, PROFILE_CALL } from './support/calls'
import { t } from './support/locales'

const KYC_CALL = '/api/sandbox/kyc'

/** A fresh player (the demo account is shared by other tests) and its access token. */
async function freshPlayer(request: APIRequestContext): Promise<string> {
  const player = await registerPlayer(request, 'verify-me-please')
  const answer = await request.post(LOGIN_CALL, { data: player })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { token: string }).token
}

test('a player whose review failed verifies again from /profile through the sandbox reviewer (in Kazakh)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await freshPlayer(request)
  const auth = { Authorization: `Bearer ${token}` }
  // The reviewer turned the last attempt down.
  const failed = await request.post(KYC_CALL, { data: { status: 'failed' }, headers: auth })
  expect(failed.status()).toBe(200)
  await useToken(context, baseURL ?? '', token)

  const app = new AppPage(page)
  const profile = new ProfilePage(page)
  await profile.open('', '/kz')
  await expect(profile.verification).toHaveAttribute('data-phase', 'failed')
  await expect(profile.verificationStatus).toHaveText(t('kz', 'verification:card.status.failed'))
  await expect(profile.verifyButton).toHaveText(t('kz', 'verification:card.verify'))
  expect(await app.seriousA11yViolations()).toEqual([])

  await profile.verifyButton.click()
  await expect.poll(() => app.pathAndQuery()).toBe('/kz/profile?verification=')
  await expect(app.dialog).toHaveAttribute('data-modal', 'Verification')
  await expect(app.dialogTitle).toHaveText(t('kz', 'modals:Verification.title'))
  const body = page.getByTestId('verification.body')
  await expect(body).toHaveAttribute('data-phase', 'failed')

  // The sandbox reviewer walks init, waiting, pending, verified: one step per click, each
  // answered before the next (the button is the one a player of the sandbox would press).
  const advance = page.getByTestId('verification.sandbox-advance')
  for (const step of ['init', 'waiting', 'pending', 'verified']) {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === KYC_CALL),
      advance.click(),
    ])
    expect(((await answer.json()) as { status: string }).status).toBe(step)
    if (step !== 'verified') {
      await expect(body).toHaveAttribute('data-phase', 'pending')
      await expect(advance).toBeEnabled()
    }
  }
  await expect(body).toHaveAttribute('data-phase', 'success')
  await expect(page.getByTestId('verification.state')).toContainText(
    t('kz', 'verification:phase.success.title'),
  )
  await expect(advance).toHaveCount(0)

  await page.keyboard.press('Escape')
  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/kz/profile')
  // The page behind the modal got the same fresh user: verified, nothing more to do.
  await expect(profile.verification).toHaveAttribute('data-phase', 'success')
  await expect(profile.verificationStatus).toHaveText(t('kz', 'verification:card.status.success'))
  await expect(profile.verifyButton).toHaveCount(0)
  const { user } = (await (
    await request.get(PROFILE_CALL, { headers: auth })
  ).json()) as ProfileUserResponse
  expect(user.verification).toEqual({ is_need: false, data: { status: 'verified' } })
})

test('the demo account, asked to verify, sees the request and the modal by its link', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Read-only on the shared demo account: the seed asks it to verify and its review has begun.
  await useToken(context, baseURL ?? '', await logInByApi(request))
  const app = new AppPage(page)
  const profile = new ProfilePage(page)
  await profile.open()
  await expect(profile.verification).toHaveAttribute('data-phase', 'pending')
  await expect(profile.verification).toContainText(t('en', 'verification:card.required'))
  await page.goto('/profile?verification')
  await expect(app.dialog).toHaveAttribute('data-modal', 'Verification')
  await expect(page.getByTestId('verification.body')).toHaveAttribute('data-phase', 'pending')
  await app.dialogClose.click()
  await expect.poll(() => app.pathAndQuery()).toBe('/profile')
})
