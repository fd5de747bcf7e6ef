import { expect, test, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import type { ProfileUserResponse } from '../../contract'
import { CrashPage } from './pages/CrashPage'
import { PROFILE_CALL } from './support/calls'
import { toolsOverCanvas } from './support/gameTools'
import { horizontalOverflow, reviewScreenshot } from './support/layout'
import { LOCALES, t } from './support/locales'

/** The player's balance as the server's profile reports it, in minor units. */
async function profileBalance(page: Page): Promise<number> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value
  const response = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const { user } = (await response.json()) as ProfileUserResponse
  return user.balance
}

test('a player and a guest see the same round; the player bets, cashes out and is paid the win', async ({
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const player = await CrashPage.loggedIn(context, baseURL as string)
  // The guest's own cookies need a second context. Playwright closes only the test's own, and a
  // crash page left open draws its live rounds for the rest of the worker's run.
  const guestContext = await browser.newContext()
  try {
    await playerAndGuest(player, new CrashPage(await guestContext.newPage()))
  } finally {
    await guestContext.close()
  }
})

/** The body of the test above, once both pages exist. */
async function playerAndGuest(player: CrashPage, guest: CrashPage): Promise<void> {
  // A round that climbs to 2x at least (12 s of play) and 10x at most, its betting window held
  // until the bet is in, and the next round held back until the result has been read. Reserved
  // first, so the rounds before it play while the pages load.
  const { roundId: round } = await player.reserveRound(200, 1000, { holdNext: true })
  try {
    let before = 0
    try {
      await Promise.all([player.open(), guest.open()])
      await expect(player.balance).toBeVisible()
      await expect(guest.page.getByTestId('crash.guest-note')).toBeVisible()
      await expect(guest.betButton).toHaveCount(0)
      before = await profileBalance(player.page)
      await player.betIn(round, '10')
      await expect(guest.game).toHaveAttribute('data-round-id', round)
      const amount = Number(await player.status.getAttribute('data-amount'))
      expect(amount).toBe(1000)
      await expect.poll(() => profileBalance(player.page)).toBe(before - amount)
      // The bet's ack carries the held balance; the header shows it without a profile fetch.
      await expect(player.balance).toContainText(
        formatMoney((before - amount) as Minor, 'RUB', 'en'),
      )
    } finally {
      await player.release(round)
    }
    await expect(player.game).toHaveAttribute('data-phase', 'running')
    await player.cashOutButton.click()
    await expect(player.status).toHaveAttribute('data-state', 'cashedOut')
    const win = Number(await player.status.getAttribute('data-win'))
    expect(win).toBeGreaterThanOrEqual(1000)

    // Both canvases draw this round with a multiplier (read through the canvas test hook).
    await expect(guest.game).toHaveAttribute('data-round-id', round)
    for (const page of [player, guest]) {
      await expect
        .poll(async () => {
          const drawn = await page.drawn()
          return (
            drawn.roundId === round &&
            /running|crashed/.test(drawn.phase ?? '') &&
            /^\d+\.\d\dx$/.test(drawn.multiplierText)
          )
        })
        .toBe(true)
    }
    // The canvas marks the cash-out on this round's curve and banners the win.
    await expect
      .poll(() => player.drawn())
      .toMatchObject({
        roundId: round,
        winMarker: true,
        cashoutAt: expect.any(Number),
        bannerText: expect.stringContaining(formatMoney(win as Minor, 'RUB', 'en')),
      })
    const after = before - 1000 + win
    // The server's books and the header agree, to the minor unit.
    await expect.poll(() => profileBalance(player.page)).toBe(after)
    await expect(player.balance).toContainText(formatMoney(after as Minor, 'RUB', 'en'))
    // The guest's live table shows the player's cash-out.
    await expect(guest.page.locator('.crash-bets__row--cashedOut')).not.toHaveCount(0)
  } finally {
    await player.release(round, 'next')
  }
}

test('a running round drawn at 375 px and 1440 px', async ({ page }) => {
  test.setTimeout(120_000)
  const crash = new CrashPage(page)
  // One load: the second width is a resize of the same page, as a rotated phone or a resized
  // window gets; the scene follows its host's size.
  await page.setViewportSize({ width: 375, height: 812 })
  await crash.open()
  for (const width of [375, 1440] as const) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
    await crash.waitFor('running', 60_000)
    // The scene really runs: Pixi made its canvas (a failed start leaves the host empty).
    await expect(page.locator('[data-testid="crash.game"] canvas')).toHaveCount(1)
    // And it draws the running round: the multiplier over a full curve, frame after frame.
    await expect
      .poll(() => crash.drawn(), { timeout: 60_000 })
      .toMatchObject({
        phase: 'running',
        multiplierText: expect.stringMatching(/^\d+\.\d\dx$/),
        curvePoints: 65,
        winMarker: false,
        statusText: '',
      })
    const frames = await crash.canvasFrames()
    await expect.poll(() => crash.canvasFrames()).toBeGreaterThan(frames)
    await reviewScreenshot(page, { path: `test-results/screenshots/crash-running-${width}.png` })
    expect(await horizontalOverflow(page), `crash overflows at ${width}px`).toBe(0)
    // On a phone the tools sit under the canvas: over it they hid the corner of the curve.
    if (width === 375) expect(await toolsOverCanvas(page, 'crash')).toBe(0)
  }
})

test('a finished round opens its fairness proof, recomputed in the browser', async ({ page }) => {
  test.setTimeout(90_000)
  const crash = new CrashPage(page)
  await crash.open()
  const first = page.getByTestId('crash.history-item').first()
  await expect(first).toBeVisible({ timeout: 60_000 })
  // Pin the chip by its round: a round ending now would make another chip the first.
  const roundId = await first.getAttribute('data-round-id')
  const chip = page.locator(`[data-testid="crash.history-item"][data-round-id="${roundId}"]`)
  const shown = ((await chip.textContent()) ?? '').trim()
  await chip.click()
  const dialog = page.getByTestId('crash.fairness-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('npm run fair -- crash --hash')
  await expect(page.getByTestId('crash.fairness-computed')).toHaveText(shown)
})

test('a bet in the profile history reopens its round’s proof, with the crash point of the round', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const crash = await CrashPage.loggedIn(context, baseURL as string)
  const { page } = crash
  await crash.open()
  const round = await crash.playRound('10')
  // What the game showed when the round crashed: its chip in the history strip.
  const chip = crash.historyChip(round)
  await expect(chip).toBeVisible({ timeout: 15_000 })
  const shown = ((await chip.textContent()) ?? '').trim()
  expect(shown).toMatch(/^\d+\.\d\dx$/)
  const proof = crash.proof

  // The history loaded once; each language switched in place with the footer's switcher (ending
  // in English, the cookie's language for the rest of the run), each width by resizing.
  await page.goto('/profile/history')
  const bet = page
    .getByTestId('profile.history-bet')
    .filter({ has: page.locator(`a[href$="/games/crash?round=${round}"]`) })
  await expect(bet).toHaveCount(1, { timeout: 15_000 })
  for (const locale of [LOCALES[1], LOCALES[2], LOCALES[0]]) {
    await page.getByTestId(`footer.language-${locale.code}`).click()
    await expect(page).toHaveURL(new RegExp(`^[^?]*:\\d+${locale.prefix}/profile/history$`))
    // The stake reads as the locale writes money (kz as ru: Chromium has no Kazakh number data).
    await expect(bet).toContainText(locale.code === 'en' ? '₽10.00' : `10,00\u00a0₽`)
    await page.setViewportSize({ width: 1440, height: 900 })
    await bet.getByTestId('profile.history-round-link').click()
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/games/crash\\?round=${round}$`))
    await expect(proof.dialog).toHaveAttribute('data-status', 'ready', { timeout: 15_000 })
    await expect(proof.reported).toHaveText(shown)
    await expect(proof.computed).toHaveText(shown)
    await expect(proof.verdict).toHaveText(t(locale.code, 'crash:fairness.match'))
    await expect(proof.dialog.getByRole('heading')).toHaveText(
      t(locale.code, 'crash:fairness.title', { round }),
    )
    const close = proof.dialog.getByRole('button', { name: t(locale.code, 'crash:fairness.close') })
    for (const width of [1440, 375] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      await expect(close).toBeVisible()
      await reviewScreenshot(page, {
        path: `test-results/screenshots/crash-proof-${locale.code}-${width}.png`,
      })
      const overflow = await horizontalOverflow(page)
      expect(overflow, `the proof overflows at ${width}px in ${locale.code}`).toBe(0)
    }
    // Close is reachable on a phone too (the proof scrolls inside the dialog there). Closing
    // drops the parameter in place: the game stays, Back returns to the history.
    await close.click()
    await expect(proof.dialog).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/games/crash$`))
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/profile/history$`))
  }
})

test('a round still to come shows no proof', async ({ page }) => {
  const crash = new CrashPage(page)
  await crash.open()
  // Two rounds ahead: at least two betting windows away, so it cannot end during the test.
  const future = Number(await crash.waitFor(/betting|running|crashed/)) + 2
  await page.goto(`/games/crash?round=${future}`)
  await expect(crash.proof.dialog).toHaveAttribute('data-status', 'notFound')
  await expect(crash.proof.message).toHaveText(t('en', 'crash:fairness.notFound'))
  await expect(crash.proof.hash).toHaveCount(0)
})

test('the canvas draws again, on the same renderer, after leaving the crash page and coming back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const crash = new CrashPage(page)
  const canvas = page.locator('[data-testid="crash.game"] canvas')
  await crash.open()
  await expect.poll(() => crash.canvasFrames(), { timeout: 30_000 }).toBeGreaterThan(0)
  const firstId = (await crash.canvas())?.id
  // Kept on the page to tell a client-side return (same page, same renderer) from a reload.
  await canvas.evaluate((element) => {
    ;(window as unknown as Record<string, unknown>).__crashCanvasBefore = element
  })
  // Away by the header's logo (client-side), back by the browser's Back button (popstate).
  await page.getByTestId('header.logo').click()
  await expect(page.getByTestId('crash.game')).toHaveCount(0)
  expect(await crash.canvas()).toBeNull()
  await page.goBack()
  await expect(canvas).toHaveCount(1)
  // A new scene mount (new hook id) drawing on the page's one renderer: the same canvas element.
  await expect.poll(async () => (await crash.canvas())?.id, { timeout: 15_000 }).not.toBe(firstId)
  expect(
    await canvas.evaluate(
      (element) => (window as unknown as Record<string, unknown>).__crashCanvasBefore === element,
    ),
  ).toBe(true)
  const frames = await crash.canvasFrames()
  await expect.poll(() => crash.canvasFrames(), { timeout: 15_000 }).toBeGreaterThan(frames)
  await expect
    .poll(() => crash.drawn(), { timeout: 15_000 })
    .toMatchObject({ phase: expect.stringMatching(/connecting|betting|running|crashed/) })
})
