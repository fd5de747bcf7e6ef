import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test'

import type { ProfileUserResponse, StoredAnalyticsEvent } from '../../contract'
import { DEMO } from '../../server/db/seed'
import { osOf } from '../../src/features/analytics/userProperties'
import { AppPage } from './pages/AppPage'
import { LoginModal } from './pages/LoginModal'
import { PROFILE_CALL } from './support/calls'

/**
 * Product analytics against the real server (issue 31, item 2): posthog-js, loaded after the
 * player's consent, posts to the server's own ingest (`/api/ingest`), and the sandbox lists what
 * it stored. Every assertion reads stored events, so a posthog-js that sent nothing (headless
 * Chromium counts as a bot to it; test builds switch that filter off) fails here.
 */

/** The e2e server's project token (ANALYTICS_KEY's default) and posthog-js' cookie for it. */
const KEY = 'phc_tessera_reference'
const POSTHOG_COOKIE = `ph_${KEY}_posthog`

/** The consent cookie of "Accept analytics" (src/features/consent/consent.ts). */
async function allowAnalytics(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'consent', value: 'v1.a1.m0', url: baseURL }])
}

/** The visitor id posthog-js keeps in its cookie, or null while it has none. */
async function distinctId(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((c) => c.name === POSTHOG_COOKIE)
  if (!cookie) return null
  return (JSON.parse(decodeURIComponent(cookie.value)) as { distinct_id: string }).distinct_id
}

/** The events the ingest stored for a visitor, oldest first. */
async function storedEvents(
  request: APIRequestContext,
  distinct?: string,
): Promise<StoredAnalyticsEvent[]> {
  const query = new URLSearchParams({
    limit: '500',
    ...(distinct ? { distinct_id: distinct } : {}),
  })
  const res = await request.get(`/api/sandbox/analytics/events?${query}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: StoredAnalyticsEvent[] }).data.reverse()
}

/** The full paths of a visitor's stored page views, in the order they were sent. */
async function pageviews(request: APIRequestContext, distinct: string): Promise<string[]> {
  return (await storedEvents(request, distinct))
    .filter((e) => e.event === '$pageview')
    .map((e) => String(e.properties.full_path))
}

/** Resolves when the page is loaded and the browser idle: when analytics, if allowed, loads. */
async function interactiveAndIdle(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))))
}

test('page views arrive once per route change with the full path, and only after consent', async ({
  page,
  context,
  baseURL,
}) => {
  const app = new AppPage(page)
  const marker = `m${Date.now().toString(36)}`
  const ingest: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ingest')) ingest.push(r.url())
  })

  // No choice yet: the app runs, routes change, and nothing is sent or stored.
  await app.open(`/?pre=${marker}`)
  await app.navigateInApp('/faq')
  await interactiveAndIdle(page)
  expect(ingest).toEqual([])
  expect((await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('ph_'))).toEqual(
    [],
  )
  const stored = await page.evaluate(() => Object.keys(localStorage))
  expect(stored.filter((k) => /ph_|posthog/i.test(k))).toEqual([])

  // Allowed: each route change is one page view with its path and query.
  await allowAnalytics(context, baseURL!)
  await app.open(`/faq?from=${marker}`)
  await expect.poll(() => distinctId(context)).not.toBeNull()
  const visitor = (await distinctId(context))!
  await app.navigateInApp('/bonuses')
  await app.navigateInApp('/top')
  // A hash is not a page of its own.
  await page.evaluate(() => {
    window.location.hash = 'x'
  })
  await app.navigateInApp('/vip-club')
  // Sent in order: once the last is stored, a duplicate of any earlier one would be too.
  await expect.poll(() => pageviews(page.request, visitor)).toContain('/vip-club')
  expect(await pageviews(page.request, visitor)).toEqual([
    `/faq?from=${marker}`,
    '/bonuses',
    '/top',
    '/vip-club',
  ])
  expect(ingest.length).toBeGreaterThan(0)
  // What was browsed before consent never reached the server, under any visitor id.
  const all = await storedEvents(page.request)
  expect(all.filter((e) => JSON.stringify(e.properties).includes(`pre=${marker}`))).toEqual([])
  const first = (await storedEvents(page.request, visitor)).find((e) => e.event === '$pageview')!
  expect(first.properties).toMatchObject({
    $current_url: `${baseURL}/faq?from=${marker}`,
    platform: 'web',
    device_type: 'desktop',
    domain: '127.0.0.1',
  })
})

test('log-in identifies the player by id, and log-out resets to a new anonymous visitor', async ({
  page,
  context,
  baseURL,
}) => {
  const app = new AppPage(page)
  const login = new LoginModal(page)
  await allowAnalytics(context, baseURL!)

  await app.open('/?login')
  await expect.poll(() => distinctId(context)).not.toBeNull()
  const anonymous = (await distinctId(context))!
  await login.logIn(DEMO.email, DEMO.password)
  await expect(app.dialog).toBeHidden()

  const token = (await context.cookies()).find((c) => c.name === 'token')!.value
  const profile = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const userId = String(((await profile.json()) as ProfileUserResponse).user.id)
  await expect.poll(() => distinctId(context)).toBe(userId)
  const identified = async () =>
    (await storedEvents(page.request, userId)).filter(
      (e) => e.event === '$identify' && e.properties.$anon_distinct_id === anonymous,
    )
  await expect.poll(async () => (await identified()).length).toBe(1)
  const [identify] = await identified()
  // SPEC section 3's properties join the person (Playwright's desktop Chrome says Windows).
  const userAgent = await page.evaluate(() => navigator.userAgent)
  expect(identify!.set).toMatchObject({ platform: 'web', os: osOf(userAgent), domain: '127.0.0.1' })

  await page.getByTestId('header.logout-button').click()
  await expect(app.loginButton).toBeVisible()
  await expect.poll(() => distinctId(context)).not.toBe(userId)
  const after = (await distinctId(context))!
  expect(after).not.toBe(anonymous)
  await app.navigateInApp('/faq')
  await expect.poll(() => pageviews(page.request, after)).toEqual(['/faq'])
})
