import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { LOCALES, ROUTES, expectedHeading, samplePath, t } from './support/locales'

/**
 * Every route of the table in every locale: heading, layout, `<html lang>` and the URL staying
 * put; in English also no serious or critical axe violation (a rule axe checks does not depend on
 * the language, and axe is most of this spec's time; the pages whose layout changes with the
 * language are checked in every language by their own specs' layout passes). Each group loads the
 * app once and moves between routes in-app (as Back/Forward does); every path's direct answer,
 * and a full page load of each kind of page, are covered below.
 */
const GROUPS = 3

/** The public path of a table route in a locale (`/` in kz is `/kz`). */
function localized(prefix: string, entry: (typeof ROUTES)[number]): string {
  const sample = samplePath(entry)
  return prefix + (sample === '/' && prefix ? '' : sample)
}

for (const locale of LOCALES) {
  for (let group = 0; group < GROUPS; group++) {
    const entries = ROUTES.filter((_, i) => i % GROUPS === group)
    const axe = locale.code === 'en'
    test(`${locale.code}: routes ${group + 1}/${GROUPS} render heading and layout${axe ? ' and pass axe' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const app = new AppPage(page)
      const violations: string[] = []
      await app.open(localized(locale.prefix, entries[0] as (typeof ROUTES)[number]))
      for (const entry of entries) {
        const path = localized(locale.prefix, entry)
        await test.step(path, async () => {
          await app.navigateInApp(path)
          await expect(app.heading).toHaveText(expectedHeading(entry, locale.code))
          await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang)
          if (entry.layout === 'no-access') {
            await app.expectNoAccessLayout()
          } else {
            await app.expectDefaultLayout()
            await expect(app.main).toHaveAttribute('data-game', entry.game ? 'true' : 'false')
          }
          if (axe) {
            const found = await app.seriousA11yViolationsInPlace()
            violations.push(...found.map((v) => `${path} ${v}`))
          }
        })
      }
      expect(violations).toEqual([])
    })
  }
}

/**
 * The code that draws a route's first frame on a direct load: its lazy page (a game's is its
 * family's page, every game's own page being loaded directly by that game's spec), else its built
 * page, else its page kind. Routes drawn by the same code boot the same way.
 */
function firstFrameCode(entry: (typeof ROUTES)[number]): string {
  if (entry.lazy) return entry.lazy.modules.at(-1) ?? entry.id
  if (entry.page === 'content' && !entry.descriptionKey) return entry.id
  return `${entry.page}${entry.game ? ' (game)' : ''}`
}

test('every path loads directly: the server answers 200 and the app its heading', async ({
  page,
  request,
  baseURL,
  context,
}) => {
  test.setTimeout(120_000)
  for (const locale of LOCALES) {
    for (const entry of ROUTES) {
      const path = localized(locale.prefix, entry)
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
    }
  }
  for (const path of ['/no/such-page', '/ru/tournament/0', '/kz/games/cases/Bad_Slug']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  // A full load of one route per first-frame code, in English: every route's heading is checked
  // in every language by the sweeps above, and ru and kz full loads by the other specs.
  const loaded = new Set<string>()
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL as string }])
  const app = new AppPage(page)
  for (const entry of ROUTES) {
    const code = firstFrameCode(entry)
    if (loaded.has(code)) continue
    loaded.add(code)
    const path = localized('', entry)
    await app.open(path)
    await expect(app.heading, path).toHaveText(expectedHeading(entry, 'en'))
    expect(new URL(page.url()).pathname).toBe(path)
  }
})

test.describe('not found', () => {
  for (const locale of LOCALES) {
    test(`${locale.code}: unmatched path and failed param validation`, async ({ page }) => {
      const app = new AppPage(page)
      const unmatched = `${locale.prefix}/no/such-page`
      await app.open(unmatched)
      await expect(app.heading).toHaveText(
        t(locale.code, 'errorPages:notFound.unmatched', { path: unmatched }),
      )
      await app.expectDefaultLayout()

      // The server's 404 for a direct load of such paths is checked above; here the app's page,
      // reached in place as a link or Back reaches it.
      for (const invalid of ['/tournament/0', '/tournaments/past', '/games/slots/Bad_Slot/demo']) {
        await app.navigateInApp(locale.prefix + invalid)
        await expect(app.heading).toHaveText(t(locale.code, 'errorPages:notFound.invalid'))
        await app.expectDefaultLayout()
      }
      // The markup is the same in every language (see the sweeps above).
      if (locale.code === 'en') expect(await app.seriousA11yViolations()).toEqual([])
    })
  }
})

test('the error page shows a text per code and a generic one otherwise', async ({ page }) => {
  const app = new AppPage(page)
  // One load; the other codes in place, as a link to another code reaches them.
  await app.open('/error?errorCode=403')
  for (const code of ['403', '404', '451', '500']) {
    await app.navigateInApp(`/error?errorCode=${code}`)
    await expect(app.heading).toHaveText(t('en', `errorPages:code.${code}.title`))
    await expect(page.getByText(t('en', `errorPages:code.${code}.text`))).toBeVisible()
  }
  for (const code of ['418', 'abc']) {
    await app.navigateInApp(`/error?errorCode=${code}`)
    await expect(app.heading).toHaveText(t('en', 'errorPages:code.generic.title'))
  }
  await app.open('/ru/error?errorCode=451')
  await expect(app.heading).toHaveText(t('ru', 'errorPages:code.451.title'))
  expect(await app.seriousA11yViolations()).toEqual([])
})

test('uncaught errors and unhandled rejections end on /error?errorCode=500', async ({ page }) => {
  const app = new AppPage(page)
  await app.open('/kz/bonuses')
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from a timer')
    })
  })
  await expect(page).toHaveURL(/\/kz\/error\?errorCode=500$/)
  await expect(app.heading).toHaveText(t('kz', 'errorPages:code.500.title'))

  await app.open('/top')
  await page.evaluate(() => {
    void Promise.reject(new Error('nobody catches me'))
  })
  await expect(page).toHaveURL(/\/error\?errorCode=500$/)
  // Already on /error: another failure must not navigate again.
  const before = page.url()
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('second failure')
    })
  })
  await page.waitForTimeout(200)
  expect(page.url()).toBe(before)
})
