import { expect, test, type Page, type Request } from '@playwright/test'

import { AppPage } from './pages/AppPage'
import { RegisterModal } from './pages/RegisterModal'
import { NO_CONSENT } from './support/consent'
import { axeViolations, horizontalOverflow, layoutAtWidths } from './support/layout'
import { LOCALES, t } from './support/locales'

// A first visit: no consent answer yet, so the banner asks.
test.use({ storageState: NO_CONSENT })

// Unique per run, so this run's events are told apart from an earlier run's on a kept server.
const SUBH = `sub-${Date.now().toString(36)}`
const LANDING =
  '/?utm_source=news&utm_medium=cpc&utm_campaign=spring&utm_term=slots&utm_content=bonus-10' +
  `&subH=${SUBH}&pr=ref-7&stag=aff_42&partner=p-7&adplace=banner&promo=WELCOME100`

interface Recorded {
  readonly kind: string
  readonly data: Record<string, unknown>
}

/** The newest marketing events the server recorded (the sandbox's attribution report). */
async function serverEvents(page: Page): Promise<Recorded[]> {
  const answer = await page.request.get('/api/sandbox/attribution?limit=200')
  return ((await answer.json()) as { events: Recorded[] }).events
}

const MIDDLEWARE = /^\/api\/(middleware\/(affiliate|ip|registerPageOpenEvent|utm)|attachSource)$/

/** Every middleware and attachSource request of the page, in order. */
function middlewareCalls(page: Page): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (MIDDLEWARE.test(new URL(request.url()).pathname)) calls.push(request)
  })
  return calls
}

const pathOf = (r: Request) => new URL(r.url()).pathname.replace(/^\/api\//, '')

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name)
}

/** Seconds from now until the cookie expires. */
async function lifetime(page: Page, name: string): Promise<number> {
  const c = await cookie(page, name)
  return Math.round((c?.expires ?? 0) - Date.now() / 1000)
}

test('a utm, subH and promo visit calls the middleware only after consent, and the registration carries it', async ({
  page,
}, testInfo) => {
  const calls = middlewareCalls(page)
  const app = new AppPage(page)
  const banner = page.getByTestId('consent.banner')

  // The promo is checked at once (a necessary cookie); nothing else is sent or kept yet.
  const promoChecked = page.waitForResponse((r) => r.url().includes('/bonus-system/bonus/'))
  await app.open(LANDING)
  expect((await promoChecked).status()).toBe(200)
  await expect(banner).toBeVisible()
  await expect.poll(async () => (await cookie(page, 'promo'))?.value).toBe('WELCOME100')
  expect(await lifetime(page, 'promo')).toBeGreaterThan(3 * 86_400 - 120)
  expect(calls).toEqual([])
  expect(await cookie(page, 'stag')).toBeUndefined()

  // Accepting runs the landing query's calls.
  const utmAnswered = page.waitForResponse((r) => r.url().endsWith('/api/middleware/utm'))
  await page.getByTestId('consent.accept-all').click()
  await expect(banner).toBeHidden()
  expect((await utmAnswered).status()).toBe(200)
  await expect
    .poll(() => calls.map(pathOf).sort())
    .toEqual([
      'middleware/affiliate',
      'middleware/ip',
      'middleware/registerPageOpenEvent',
      'middleware/utm',
    ])
  // What each call sent, as the server recorded it (Chromium hides fetch bodies from the test).
  let recorded: Recorded[] = []
  await expect
    .poll(async () => {
      recorded = await serverEvents(page)
      const ours = (e: Recorded) =>
        e.kind === 'ip'
          ? /Mozilla/.test(String(e.data.userAgent))
          : JSON.stringify(e.data).includes(SUBH)
      return ['utm', 'page_open', 'affiliate', 'ip'].filter((kind) =>
        recorded.some((e) => e.kind === kind && ours(e)),
      )
    })
    .toEqual(['utm', 'page_open', 'affiliate', 'ip'])
  const event = (kind: string) =>
    recorded.find((e) => e.kind === kind && JSON.stringify(e.data).includes(SUBH))
  expect(event('utm')?.data).toMatchObject({ utm_source: 'news', utm_term: 'slots', subH: SUBH })
  expect(event('page_open')?.data).toEqual({
    subH: SUBH,
    uuid: expect.stringMatching(/^[0-9a-f]{16}$/),
    click_url: expect.stringContaining(`subH=${SUBH}`),
  })
  expect(event('affiliate')?.data).toMatchObject({ pr: 'ref-7', stag: 'aff_42', subH: SUBH })
  expect(recorded.some((e) => e.kind === 'ip' && /Mozilla/.test(String(e.data.userAgent)))).toBe(
    true,
  )

  // The ad bonus the campaign carries (utm_content=bonus-10) is told in a modal.
  const adBonus = page.getByTestId('ad-bonus.dialog')
  await expect(adBonus.getByTestId('ad-bonus.offer')).toHaveText(
    t('en', 'attribution:adBonus.freeSpins', { value: '10' }),
  )
  await expect.poll(async () => (await cookie(page, 'cpaOneUid'))?.value ?? null).toBeNull()
  await expect.poll(async () => (await cookie(page, 'advId'))?.value).toMatch(/^[0-9a-f]{24}$/)
  const kept: Record<string, [string | RegExp, number]> = {
    advId: [/^[0-9a-f]{24}$/, 86_400],
    prHash: ['ref-7', 86_400],
    stag: ['aff_42', 86_400],
    partner: ['p-7', 30 * 86_400],
    adplace: ['banner', 30 * 86_400],
    userBrowser: [/Mozilla/, 86_400],
    userVersion: [/127\.0\.0\.1/, 86_400],
    adBonusType: ['free_spins', 600],
    adBonusValue: ['10', 600],
    adBonusModal: ['pending', 600],
  }
  for (const [name, [value, seconds]] of Object.entries(kept)) {
    await expect.poll(async () => (await cookie(page, name))?.value, name).toMatch(value)
    // Written just now: the lifetime left is the cookie's whole lifetime, give or take a minute.
    expect(Math.abs((await lifetime(page, name)) - seconds), name).toBeLessThan(120)
  }

  // Signing up from the modal: the form has the promo, the registration carries everything.
  await adBonus.getByTestId('ad-bonus.sign-up').click()
  const register = new RegisterModal(page)
  await expect(page.getByTestId('register.promo')).toHaveValue('WELCOME100')
  const email = `attributed-${Date.now()}-${testInfo.workerIndex}@tessera.test`
  const attached = page.waitForResponse((r) => r.url().endsWith('/api/attachSource'))
  await register.registerByEmail(email, 'a-long-password', 'RUB')
  expect((await attached).status()).toBe(200)
  const advId = (await cookie(page, 'advId'))?.value

  // The server kept the registration's fields and attachSource's for the operator's report.
  await expect
    .poll(async () => {
      const report = await page.request.get(
        `/api/sandbox/attribution?email=${encodeURIComponent(email)}`,
      )
      const body = (await report.json()) as {
        users: { attribution: Record<string, string | null> }[]
        events: { kind: string; data: Record<string, unknown> }[]
      }
      return { attribution: body.users[0]?.attribution, kinds: body.events.map((e) => e.kind) }
    })
    .toEqual({
      attribution: {
        partner: 'p-7',
        adplace: 'banner',
        stag: 'aff_42',
        promo: 'WELCOME100',
        fpp: expect.stringMatching(/^[0-9a-f]{16}$/),
        advId,
        prHash: 'ref-7',
      },
      kinds: ['attach_source'],
    })
  // The promo waits for the first deposit.
  const token = (await cookie(page, 'token'))?.value ?? ''
  const waiting = await page.request.get('/api/bonus-system/bonus-activation/waiting-reg-and-dep', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(((await waiting.json()) as { data: { code: string } | null }).data?.code).toBe(
    'WELCOME100',
  )
})

test('an unknown promo is dropped from the cookie, the URL and the sign-up form, silently', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'promo', value: 'OLDCODE', url: baseURL ?? '' }])
  const app = new AppPage(page)
  const checked = page.waitForResponse((r) => r.url().includes('/bonus-system/bonus/NOPE'))
  await app.open('/?promo=NOPE&ref=1')
  expect((await checked).status()).toBe(404)
  await expect.poll(() => app.pathAndQuery()).toBe('/?ref=1')
  await expect.poll(async () => (await cookie(page, 'promo'))?.value ?? null).toBeNull()
  // Section 8: the failed check is never shown.
  await expect(page.getByTestId('toast.error')).toHaveCount(0)
  await app.open('/?signup')
  await expect(page.getByTestId('register.promo')).toHaveValue('')
})

test('the cookie banner: labelled, keyboard usable, laid out at 375 and 1440 px in en, ru and kz', async ({
  page,
}) => {
  const banner = page.getByTestId('consent.banner')
  for (const locale of LOCALES) {
    await page.goto(locale.code === 'en' ? '/' : `/${locale.code}`)
    await expect(banner.getByRole('heading')).toHaveText(t(locale.code, 'consent:title'))
    await page.getByTestId('consent.choose').click()
    await expect(page.getByTestId('consent.categories')).toBeVisible()
    await layoutAtWidths(page, { name: 'consent-banner', locale: locale.code, ready: banner })
    expect(await axeViolations(page, '[data-testid="consent.banner"]')).toEqual([])
    // The page can always be scrolled out from under the banner: its end stays above it.
    await page.setViewportSize({ width: 375, height: 812 })
    // The spacer follows the banner's height once the resize is laid out.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        const footer = await page.getByTestId('layout.footer').boundingBox()
        const box = await banner.boundingBox()
        return (footer?.y ?? 0) + (footer?.height ?? 0) - (box?.y ?? 0)
      })
      .toBeLessThanOrEqual(1)
    const bannerBox = await banner.boundingBox()
    // A phone keeps most of its screen: the banner, categories open, takes at most 60%.
    expect(bannerBox?.height ?? 0).toBeLessThanOrEqual(812 * 0.6 + 1)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  }

  // Keyboard only: analytics on, saved; then reopened from the footer and left with Escape.
  await page.getByTestId('consent.analytics').focus()
  await page.keyboard.press('Space')
  await page.getByTestId('consent.save').focus()
  await page.keyboard.press('Enter')
  await expect(banner).toBeHidden()
  expect((await cookie(page, 'consent'))?.value).toBe('v1.a1.m0')
  await page.getByTestId('footer.cookie-settings').click()
  await expect(banner).toBeFocused()
  await expect(page.getByTestId('consent.analytics')).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(banner).toBeHidden()
})
