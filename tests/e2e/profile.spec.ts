import { expect, test } from '@playwright/test'

import type { ProfileSessionsResponse, ProfileUserResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { logInByApi, ProfilePage, SESSIONS_CALL, useToken } from './pages/ProfilePage'
import { PROFILE_CALL } from './support/calls'
import { t } from './support/locales'

/** The signed-in player's profile through the real server. Every test brings its own session. */

test('a privacy switch is saved and stays after a reload', async ({ page, context, baseURL }) => {
  await useToken(context, baseURL!, await logInByApi(page.request))
  const profile = new ProfilePage(page)
  await profile.open('/setting')
  await expect(profile.title).toHaveText(t('en', 'pages:profileSetting.title'))
  const before = await profile.hideStatistics.isChecked()
  await profile.hideStatistics.click()
  await expect(profile.hideStatistics).toBeChecked({ checked: !before })
  await profile.expectToast(t('en', 'profile:general.success'))

  await page.reload()
  await expect(profile.hideStatistics).toBeChecked({ checked: !before })
  // Back as it was: the demo account is shared with the other specs of the run.
  await profile.hideStatistics.click()
  await expect(profile.hideStatistics).toBeChecked({ checked: before })
  await profile.expectToast(t('en', 'profile:general.success'))
  expect(await new AppPage(page).seriousA11yViolations()).toEqual([])
})

test('the sessions list marks this one and ends another', async ({ page, context, baseURL }) => {
  const mine = await logInByApi(page.request, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0')
  const other = await logInByApi(page.request, 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0')
  const otherId = (
    (await (
      await page.request.get(SESSIONS_CALL, { headers: { Authorization: `Bearer ${other}` } })
    ).json()) as ProfileSessionsResponse
  ).data.find((s) => s.current)!.id
  await useToken(context, baseURL!, mine)
  const profile = new ProfilePage(page)
  await profile.open('/access', '/ru')
  await expect(profile.title).toHaveText(t('ru', 'pages:profileAccess.title'))
  await expect(profile.currentSession).toHaveCount(1)
  await expect(profile.currentSession).toContainText(t('ru', 'profile:access.sessions.current'))
  await expect(profile.session(otherId)).toContainText('Firefox, Windows')
  expect(await new AppPage(page).seriousA11yViolations()).toEqual([])

  await profile.revoke(otherId)
  await profile.expectToast(t('ru', 'profile:access.sessions.revoked'))
  const refused = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${other}` },
  })
  expect(refused.status()).toBe(401)
  // This session goes on.
  await page.reload()
  await expect(profile.currentSession).toHaveCount(1)
  await expect(profile.session(otherId)).toHaveCount(0)
})

test('a visitor is asked to log in and then sees the page', async ({ page, context, baseURL }) => {
  const profile = new ProfilePage(page)
  await profile.open('/bonuses', '/kz')
  await expect(profile.title).toHaveText(t('kz', 'pages:profileBonuses.title'))
  await expect(profile.guestPrompt).toContainText(t('kz', 'profile:guest.text'))
  // The button opens the Login modal through its query flag (login.spec.ts covers the modal).
  await expect(profile.guestLogin).toHaveAttribute('href', '/kz/profile/bonuses?login=')
  expect(await new AppPage(page).seriousA11yViolations()).toEqual([])
  await useToken(context, baseURL!, await logInByApi(page.request))
  await page.reload()
  await expect(page.getByTestId('profile.bonus-balance')).toBeVisible()
  await expect(profile.guestPrompt).toHaveCount(0)
})

test('a player without bonus_balances is sent from /profile/bonuses to /error?errorCode=404', async ({
  page,
  context,
  baseURL,
}) => {
  // Every account the reference server makes has the feature; this player's profile answer is
  // the server's with the flag taken out, as an operator's backend might send it.
  await page.route(`**${PROFILE_CALL}*`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as ProfileUserResponse
    await route.fulfill({
      response,
      json: { ...body, user: { ...body.user, features: [] } },
    })
  })
  await useToken(context, baseURL!, await logInByApi(page.request))
  await page.goto('/profile/bonuses')
  await expect(page).toHaveURL(/\/error\?errorCode=404$/)
  await expect(new AppPage(page).heading).toHaveText(t('en', 'errorPages:code.404.title'))
})
