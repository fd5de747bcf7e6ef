import { expect, test } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import AxeBuilder from '@axe-core/playwright'
import { CrashPage } from './pages/CrashPage'
import { AXE_TAGS, reviewScreenshot } from './support/layout'
import { LOCALES, t } from './support/locales'

/**
 * The reference server has no knobs for round timing: a 6 s betting window, a 3 s pause, and a
 * run whose length depends on the crash point (about 17 s on average, longer for a high one).
 * Two rounds therefore take 30-50 s as a rule; the budget leaves room for one long round.
 */
const TWO_ROUNDS_MS = 150_000

test('auto-bet plays two rounds with an auto cash-out, stops, and the balance matches the server', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(TWO_ROUNDS_MS + 30_000)
  const crash = await CrashPage.loggedIn(context, baseURL as string)
  await crash.open()
  await expect(crash.balance).toBeVisible()
  const before = await crash.serverBalance()

  await crash.startAutobet({ amount: '10', rounds: 2, cashoutAt: '1.5' })
  const auto = crash.autobet
  await expect(auto.stop).toBeVisible()
  await expect(crash.page.getByTestId('crash.mode.manual')).toBeDisabled()
  await expect(auto.played).toHaveAttribute('data-played', '1', { timeout: TWO_ROUNDS_MS })
  await expect(auto.stopReason).toHaveAttribute('data-reason', 'rounds', {
    timeout: TWO_ROUNDS_MS,
  })
  await expect(auto.stopReason).toHaveText(t('en', 'crash:autobet.stopped.rounds'))
  await expect(auto.played).toHaveAttribute('data-played', '2')
  await expect(auto.played).toHaveAttribute('data-left', '0')
  await expect(auto.start).toBeEnabled()
  await reviewScreenshot(crash.page, {
    path: `${process.env.SHOTS_DIR ?? test.info().outputPath()}/crash-autobet-done.png`,
  })

  // Each round is 10.00 lost or 5.00 won (cash-out at 1.5x): three possible totals.
  const net = Number(await auto.profit.getAttribute('data-net'))
  expect([-2000, -500, 1000]).toContain(net)
  // The server's books, the run's counter and the header agree to the minor unit.
  await expect.poll(() => crash.serverBalance()).toBe(before + net)
  await expect(crash.balance).toContainText(formatMoney((before + net) as Minor, 'RUB', 'en'))
})

test('bad auto-bet input gets translated messages and Start sends nothing', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const crash = await CrashPage.loggedIn(context, baseURL as string)
  const sent: string[] = []
  crash.page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"bet"')) {
        sent.push(frame.payload)
      }
    }),
  )
  // Before the socket upgrades, engine.io may send over HTTP long-polling: watch both.
  crash.page.on('request', (request) => {
    if (request.postData()?.includes('"bet"')) sent.push(request.postData() ?? '')
  })
  await crash.open('/ru')
  // The game remounts for the player once the session loads; the form is theirs after that.
  await expect(crash.balance).toBeVisible()
  const auto = crash.autobet
  await auto.tab.click()
  for (const rounds of ['0', '101', 'десять']) {
    await auto.rounds.fill(rounds)
    await expect(crash.page.getByTestId('crash.autobet.rounds-error')).toHaveText(
      t('ru', 'crash:autobet.invalidRounds'),
    )
    await expect(auto.rounds).toHaveAttribute('aria-invalid', 'true')
    await expect(auto.rounds).toHaveAttribute('aria-describedby', /.+/)
    await expect(auto.start).toBeDisabled()
  }
  await auto.rounds.fill('3')
  await auto.stopOnLoss.fill('0')
  await expect(crash.page.getByTestId('crash.autobet.stop-loss-error')).toHaveText(
    t('ru', 'crash:autobet.invalidStop'),
  )
  await expect(auto.start).toBeDisabled()
  await auto.start.click({ force: true })
  await expect(auto.status).toHaveAttribute('data-running', 'false')
  // WCAG 2.1 A/AA on the panel (the whole page is the shell's sweep; the canvas makes it slow).
  const axe = await new AxeBuilder({ page: crash.page })
    .include('[data-testid="crash.bet-panel"]')
    .withTags([...AXE_TAGS])
    .analyze()
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => v.id)).toEqual([])
  expect(sent).toEqual([])
})

test('the auto-bet tab fits at 375 px and 1440 px in en, ru and kz', async ({
  context,
  baseURL,
}) => {
  const crash = await CrashPage.loggedIn(context, baseURL as string)
  await crash.open()
  await expect(crash.balance).toBeVisible()
  await crash.autobet.tab.click()
  // The longest state of the form: a field with its message under it.
  await crash.autobet.stopOnProfit.fill('0')
  // The language switched in place, as a player switches it: the form keeps what was typed.
  for (const locale of LOCALES) {
    await crash.page.getByTestId(`footer.language-${locale.code}`).click()
    await expect(crash.page.getByTestId('crash.autobet.stop-profit-error')).toHaveText(
      t(locale.code, 'crash:autobet.invalidStop'),
    )
    for (const width of [375, 1440] as const) {
      await crash.page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      await crash.autobet.form.scrollIntoViewIfNeeded()
      await reviewScreenshot(crash.page, {
        path: `${process.env.SHOTS_DIR ?? test.info().outputPath()}/crash-autobet-${locale.code}-${width}.png`,
        fullPage: true,
      })
      // Nothing in the bet panel sticks out of it, and the panel stays inside the viewport.
      const outside = await crash.page.getByTestId('crash.bet-panel').evaluate((panel) => {
        const box = panel.getBoundingClientRect()
        const inside = box.left >= 0 && box.right <= document.documentElement.clientWidth
        const out = [...panel.querySelectorAll('*')]
          .filter((element) => {
            const rect = element.getBoundingClientRect()
            return rect.width > 0 && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
          })
          .map((element) => element.getAttribute('data-testid') ?? element.tagName)
        return inside ? out : ['crash.bet-panel', ...out]
      })
      expect(outside, `auto-bet panel overflows at ${width}px in ${locale.code}`).toEqual([])
    }
  }
})
