import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import { CrashPage, fundedPlayer } from './pages/CrashPage'
import { openGame } from './pages/openGame'
import { resizeTo, toolsOverCanvas } from './support/gameTools'
import { axeViolations, layoutAtWidths, layoutInEveryLanguage } from './support/layout'

/** A page of `context` where a fresh funded player (RUB) is logged in, on a case's page. */
async function casePlayer(context: BrowserContext, baseURL: string, slug: string): Promise<Page> {
  const token = await fundedPlayer(context.request)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  // The strips rest at once under reduced motion, as they do for a player who asks for it: the
  // result is told when the strip stops, so the test needs no wait for a spin.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openGame(page, 'cases', '', `/games/cases/${slug}`)
  return page
}

/**
 * Opens `count` cases of 50 RUB and checks the answer: one bet id, `count` items, and the
 * balance the server reports is the last one less the stake plus the payout, as the header shows.
 */
async function openCases(page: Page, count: number, previous: string | null) {
  const before = await new CrashPage(page).serverBalance()
  await page.getByTestId(`cases.count-${count}`).check()
  await expect(page.getByTestId('cases.total')).toContainText(
    formatMoney((5_000 * count) as Minor, 'RUB', 'en'),
  )
  await page.getByTestId('cases.open-button').click()
  const result = page.getByTestId('cases.result')
  await expect(result).toHaveAttribute('data-bet-id', /.+/)
  await expect.poll(() => result.getAttribute('data-bet-id')).not.toBe(previous)
  await expect(result).toHaveAttribute('data-items', String(count))
  const payout = Number(await result.getAttribute('data-payout'))
  const after = before - 5_000 * count + payout
  expect(await new CrashPage(page).serverBalance()).toBe(after)
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(after as Minor, 'RUB', 'en'),
  )
  return result.getAttribute('data-bet-id')
}

test('a case opened once, then three at once: each one bet, the balance follows the server', async ({
  context,
  baseURL,
}) => {
  const page = await casePlayer(context, baseURL ?? '', 'pocket')
  await expect(page.getByTestId('cases.rtp')).toHaveAttribute('data-rtp', '9260')
  await expect(page.getByTestId('cases.item-crown.chance')).toHaveText('0.500')
  const one = await openCases(page, 1, null)
  await openCases(page, 3, one)
  // One strip per case opened, each resting on its item.
  await expect
    .poll(() => page.evaluate(() => window.__tesseraCanvas?.find('cases')?.detail ?? null))
    .toMatchObject({ strips: 3, landed: [true, true, true] })

  expect(await axeViolations(page, '[data-testid="page.case"]')).toEqual([])
  // On a phone the tools sit under the strips: over them they hid the strips' corner.
  await resizeTo(page, 375)
  expect(await toolsOverCanvas(page, 'cases')).toBe(0)
  await layoutInEveryLanguage(page, {
    name: 'case',
    title: 'pages:case.title',
    ready: page.getByTestId('cases.open-button'),
  })
})

test("a 3-case opening's proof from the profile history, the case by name, recomputed after a rotation; axe clean, fits 375 and 1440 px", async ({
  context,
  baseURL,
}) => {
  const page = await casePlayer(context, baseURL ?? '', 'pocket')
  const three = (await openCases(page, 3, null)) ?? ''
  const drawn = await page.getByTestId('cases.result').getAttribute('data-item-ids')
  // The opening's line in the profile history links to its proof on the catalogue (`?bet=<id>`):
  // each ticket's item from the table the opening named, recomputed once the seed is revealed.
  await page.goto('/profile/history')
  await page.locator(`[data-testid="profile.history-bet-link"][data-bet-id="${three}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/games/cases\\?bet=${encodeURIComponent(three)}$`))
  const verdict = page.getByTestId('cases.proof-verdict')
  await expect(verdict).toHaveAttribute('data-status', 'unrevealed')
  const items = page.getByTestId('cases.proof-drawn')
  await expect(items).toHaveCount(3)
  expect((await items.evaluateAll((li) => li.map((e) => e.dataset.item))).join(' ')).toBe(drawn)
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value
  const rotated = await page.request.post('/api/games/seeds/rotate', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  // The catalogue has no game socket to wait for: the proof's verdict is what the reload shows.
  await page.reload()
  await expect(verdict).toHaveAttribute('data-status', 'verified')
  await expect(page.getByTestId('cases.proof-case')).toHaveText('Pocket Change')
  // The dialog as a player reads it: the table of items and its ticket ranges included.
  expect(await axeViolations(page, '[data-testid="cases.fairness-dialog"]')).toEqual([])
  await layoutAtWidths(page, { name: 'case-proof', locale: 'en', ready: verdict })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('cases.fairness-dialog')).toHaveCount(0)
  expect(new URL(page.url()).searchParams.get('bet')).toBeNull()
})

test('the catalogue filters by price and opens a case; a guest gets a labelled demo spin', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/games/cases')
  await expect(page.getByTestId('cases.card-pocket')).toBeVisible()
  await expect(page.getByTestId('cases.card-gold')).toBeVisible()
  await page.getByTestId('cases.filter-low').click()
  await expect(page.getByTestId('cases.card-pocket')).toBeVisible()
  await expect(page.getByTestId('cases.card-gold')).toHaveCount(0)
  await page.getByTestId('cases.filter-all').click()
  expect(await axeViolations(page, '[data-testid="page.cases"]')).toEqual([])
  await layoutInEveryLanguage(page, {
    name: 'cases',
    title: 'pages:cases.title',
    ready: page.getByTestId('cases.card-gold'),
  })
  await page.getByTestId('footer.language-en').click()

  await page.getByTestId('cases.card-bronze').locator('a').click()
  await expect(page).toHaveURL(/\/games\/cases\/bronze$/)
  await expect(page.getByTestId('cases.guest-note')).toBeVisible()
  await expect(page.getByTestId('cases.open-button')).toHaveCount(0)
  await page.getByTestId('cases.count-2').check()
  await page.getByTestId('cases.demo-button').click()
  await expect(page.getByTestId('cases.demo-note')).toBeVisible()
  await expect(page.getByTestId('cases.demo-result')).toHaveAttribute('data-items', '2')
  await expect(page.getByTestId('cases.result')).toHaveCount(0)
  expect(await axeViolations(page, '[data-testid="page.case"]')).toEqual([])
})
