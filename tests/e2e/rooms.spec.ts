import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { ProfileUserResponse } from '../../contract'
import { PROFILE_CALL } from './support/calls'
import { axeViolations, layoutAtWidths, layoutInEveryLanguage } from './support/layout'
import { fundedPlayer } from './pages/CrashPage'
import { openGame } from './pages/openGame'

/** Red's ticket in RUB, minor units (games/rooms/rules.ts), and the pot less 5 % of it. */
const PRICE = 100
const payoutOf = (pot: number) => pot - Math.ceil((pot * 500) / 10_000)

/** The hooks of red's RUB loop (server/testHooks.ts): hold its round, never its outcome. */
const hooks = (request: APIRequestContext, path: 'hold' | 'release', data: object) =>
  request.post(`/api/test-hooks/rooms-red-RUB/${path}`, { data })

async function balanceOf(page: Page, token: string): Promise<number> {
  const response = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as ProfileUserResponse).user.balance
}

async function buy(page: Page, count: number): Promise<void> {
  await page.getByTestId('rooms.count').fill(String(count))
  await page.getByTestId('rooms.buy-button').click()
  await expect(page.getByTestId('rooms.my-tickets')).toContainText(String(count))
}

test('two players buy tickets in the red room and a guest watches the same draw; the winner is paid the pot less 5 %, and the proof opens from the history', async ({
  browser,
  baseURL,
}) => {
  // Reduced motion: the wheel jumps to the winner and the page tells it at once, not after a spin.
  const contexts = await Promise.all(
    [0, 1, 2].map(() => browser.newContext({ reducedMotion: 'reduce' })),
  )
  try {
    const [first, second, guest] = await Promise.all(contexts.map((c) => c.newPage()))
    const tokens = await Promise.all([first, second].map((p) => fundedPlayer(p!.request)))
    for (const [i, token] of tokens.entries()) {
      await contexts[i]!.addCookies([{ name: 'token', value: token, url: baseURL as string }])
    }
    await Promise.all(
      [first, second, guest].map((p) => openGame(p!, 'rooms', '', '/games/rooms/red')),
    )
    await expect(guest!.getByTestId('rooms.guest-note')).toBeVisible()

    // The round on the pages: its countdown's end and the next opening wait for the test.
    // The socket is online before its snapshot lands: the round is on the page once its id is.
    const game = first!.getByTestId('rooms.game')
    await expect(game).toHaveAttribute('data-round-id', /^red-RUB-\d+$/)
    const roundId = (await game.getAttribute('data-round-id')) ?? ''
    const seq = Number(roundId.split('-').at(-1))
    expect(
      (await hooks(first!.request, 'hold', { round: seq, points: ['start', 'next'] })).ok(),
    ).toBe(true)
    const before = await Promise.all(tokens.map((t) => balanceOf(first!, t)))
    await buy(first!, 2)
    await buy(second!, 1)
    for (const page of [first, second, guest]) {
      await expect(page!.getByTestId('rooms.game')).toHaveAttribute('data-phase', 'countdown')
      await expect(page!.getByTestId('rooms.player')).toHaveCount(2)
    }
    // Each player's picture drawn from their public name (neither hides it).
    await expect(guest!.locator('[data-testid="rooms.avatar"][data-hidden="false"]')).toHaveCount(2)

    // The countdown ends now: the draw, the wheel slowing onto the winner, told to all three.
    const released = await hooks(first!.request, 'release', {
      round: seq,
      point: 'start',
      now: true,
    })
    expect(released.ok(), await released.text()).toBe(true)
    const announced = await Promise.all(
      [first, second, guest].map(async (page) => {
        const announcement = page!.getByTestId('rooms.announcement')
        await expect(announcement).toHaveAttribute('data-winning-ticket', /^\d+$/)
        return announcement.getAttribute('data-winning-ticket')
      }),
    )
    expect(new Set(announced).size).toBe(1)

    const pot = 3 * PRICE
    const after = await Promise.all(tokens.map((t) => balanceOf(first!, t)))
    const paid = after.map((balance, i) => balance - before[i]!)
    // One of the two won the pot less the commission; the other lost their stake.
    const firstWon = [payoutOf(pot) - 2 * PRICE, -PRICE]
    const secondWon = [-2 * PRICE, payoutOf(pot) - PRICE]
    expect([firstWon, secondWon]).toContainEqual(paid)

    // The guest's history opens the draw's proof: the commitment holds, the winner recomputes.
    await guest!.getByTestId('rooms.history-proof').first().click()
    await expect(guest!.getByTestId('rooms.proof-commitment')).toHaveAttribute('data-ok', 'true')
    await expect(guest!.getByTestId('rooms.proof-recomputed')).toHaveAttribute('data-ok', 'true')
    expect(guest!.url()).toContain(`round=${roundId}`)
    expect(await axeViolations(guest!, '[data-testid="page.roomRed"]')).toEqual([])

    // The first player's bet history links the purchase to the same proof, which the room's page,
    // opened anew, recomputes from the ticket list the proof route serves (it did not watch it).
    await first!.goto('/profile/history')
    const purchase = first!
      .getByTestId('profile.history-bet')
      .filter({ has: first!.locator(`a[href$="/games/rooms/red?round=${roundId}"]`) })
    await expect(purchase).toHaveCount(1)
    await purchase.getByTestId('profile.history-round-link').click()
    await expect(first!.getByTestId('rooms.proof-recomputed')).toHaveAttribute('data-ok', 'true')
    await hooks(first!.request, 'release', { round: seq, point: 'next' })
  } finally {
    await Promise.all(contexts.map((c) => c.close()))
  }
})

test('the rooms page and a room fit 375 and 1440 px in en, ru and kz', async ({ page }) => {
  await page.goto('/games/rooms')
  await expect(page.getByTestId('rooms.lobby')).toBeVisible()
  await layoutInEveryLanguage(page, {
    name: 'rooms',
    title: 'pages:rooms.title',
    ready: page.getByTestId('rooms.lobby-red'),
  })
  await openGame(page, 'rooms', '', '/games/rooms/purple')
  for (const locale of ['en', 'ru', 'kz'] as const) {
    await page.getByTestId(`footer.language-${locale}`).click()
    await layoutAtWidths(page, {
      name: 'room',
      locale,
      ready: page.getByTestId('rooms.guest-note'),
    })
  }
})
