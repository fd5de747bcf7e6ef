import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import type { ProfileUserResponse } from '../../../contract'
import { PROFILE_CALL } from '../support/calls'
import { openGame } from './openGame'
import type { CanvasInspection } from '../../../games/engine/canvas'
import type { CrashDrawn } from '../../../games/crash/scene/CrashScene'
import { botCheckData } from '../support/botCheck'

/** The crash canvas as the test hook reports it: the runtime's part and what the scene drew. */
export type CrashCanvas = Omit<CanvasInspection, 'detail'> & { detail: CrashDrawn }

/** The crash page as a test sees it. */
export class CrashPage {
  readonly game: Locator
  readonly betButton: Locator
  readonly cashOutButton: Locator
  readonly amount: Locator
  readonly status: Locator
  readonly balance: Locator

  constructor(readonly page: Page) {
    this.game = page.getByTestId('crash.game')
    this.betButton = page.getByTestId('crash.bet-button')
    this.cashOutButton = page.getByTestId('crash.cashout-button')
    this.amount = page.getByTestId('crash.amount-input')
    this.status = page.getByTestId('crash.bet-status')
    this.balance = page.getByTestId('header.balance')
  }

  /** Opens the crash page, under a locale prefix (`/ru`, `/kz`) if given. */
  async open(localePrefix = ''): Promise<void> {
    await openGame(this.page, 'crash', localePrefix)
  }

  phase(): Promise<string | null> {
    return this.game.getAttribute('data-phase')
  }

  roundId(): Promise<string | null> {
    return this.game.getAttribute('data-round-id')
  }

  /**
   * Reserves, through the server's test hooks (`TEST_HOOKS=true`), the first upcoming round that
   * crashes between `minCrashPoint` and `maxCrashPoint` (hundredths; at most 10x by default, so
   * it runs at most 38 s), and holds its betting window open until {@link release}; with
   * `holdNext`, the next round also waits for `release(roundId, 'next')`, so the result stays
   * shown. A test bets in a known round without racing the loop. The crash point is the chain's
   * own, so the round's proof verifies like any other.
   */
  async reserveRound(
    minCrashPoint = 0,
    maxCrashPoint = 1000,
    options: { holdNext?: boolean } = {},
  ): Promise<{ roundId: string; crashPoint: number }> {
    const response = await this.page.request.post('/api/test-hooks/crash/reserve', {
      data: { minOutcome: minCrashPoint, maxOutcome: maxCrashPoint, ...options },
    })
    expect(response.ok(), await response.text()).toBe(true)
    const { round, outcome } = (await response.json()) as { round: number; outcome: number }
    return { roundId: String(round), crashPoint: outcome }
  }

  /**
   * Lets a reserved round start (`start`: at once, its betting window closed early if still open,
   * so the next step never waits on what remained of it), or the round after it open (`next`).
   */
  async release(roundId: string, point: 'start' | 'next' = 'start'): Promise<void> {
    const response = await this.page.request.post('/api/test-hooks/crash/release', {
      data: { round: Number(roundId), point, now: point === 'start' },
    })
    expect(response.ok(), await response.text()).toBe(true)
  }

  /** Waits until the page shows round `roundId` open for bets (the server holds it so). */
  async waitForBetting(roundId: string): Promise<void> {
    await expect(this.game).toHaveAttribute('data-round-id', roundId, { timeout: 300_000 })
    await expect(this.game).toHaveAttribute('data-phase', 'betting')
  }

  /**
   * Bets `amount` (major units) in a reserved round (see {@link reserveRound}) while the server
   * holds its window, then lets it start.
   */
  async betIn(roundId: string, amount: string): Promise<void> {
    await this.waitForBetting(roundId)
    await this.amount.fill(amount)
    await this.betButton.click()
    await expect(this.status).toHaveAttribute('data-state', 'placed')
    expect(await this.roundId()).toBe(roundId)
  }

  /** Waits for a round in `phase` and returns its id. */
  async waitFor(phase: string | RegExp, timeout = 60_000): Promise<string> {
    await expect(this.game).toHaveAttribute('data-phase', phase, { timeout })
    return (await this.roundId()) ?? ''
  }

  /**
   * A new page of `context` (pass the test's own, which Playwright closes) where a player of its
   * own is logged in, the token kept in its cookie as the app keeps it. Each test gets a fresh
   * player funded through the sandbox payment provider: tests run in parallel, and a shared
   * account's bets would meet in one round (one bet per player and round).
   */
  static async loggedIn(context: BrowserContext, baseURL: string): Promise<CrashPage> {
    const token = await fundedPlayer(context.request)
    await context.addCookies([{ name: 'token', value: token, url: baseURL }])
    return new CrashPage(await context.newPage())
  }

  /** The player's balance as the server's profile reports it, in minor units. */
  async serverBalance(): Promise<number> {
    const token = (await this.page.context().cookies()).find((c) => c.name === 'token')?.value
    const response = await this.page.request.get(PROFILE_CALL, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.ok()).toBe(true)
    const { user } = (await response.json()) as ProfileUserResponse
    return user.balance
  }

  /** The auto-bet form and its live status. */
  get autobet() {
    const id = (name: string) => this.page.getByTestId(`crash.autobet.${name}`)
    return {
      tab: this.page.getByTestId('crash.mode.auto'),
      form: this.page.getByTestId('crash.autobet'),
      rounds: id('rounds'),
      autoCashout: id('auto-cashout'),
      stopOnProfit: id('stop-profit'),
      stopOnLoss: id('stop-loss'),
      start: id('start'),
      stop: id('stop'),
      status: id('status'),
      played: id('played'),
      profit: id('profit'),
      stopReason: id('stop-reason'),
    }
  }

  /** Opens the Auto tab and starts a run of `rounds` bets of `amount` (major units) at `cashoutAt`. */
  async startAutobet(options: {
    amount: string
    rounds: number
    cashoutAt: string
  }): Promise<void> {
    const auto = this.autobet
    await auto.tab.click()
    await expect(auto.form).toBeVisible()
    await this.amount.fill(options.amount)
    await auto.rounds.fill(String(options.rounds))
    await auto.autoCashout.fill(options.cashoutAt)
    await auto.start.click()
    await expect(auto.status).toHaveAttribute('data-running', 'true')
  }

  /**
   * What the crash canvas drew last, read through the canvas test hook (`window.__tesseraCanvas`,
   * present only in a test build: `npm run build:test`); null while no crash scene runs.
   */
  async canvas(): Promise<CrashCanvas | null> {
    const found = await this.page.evaluate(() => {
      const hook = window.__tesseraCanvas
      return hook ? { canvas: hook.find('crash') } : null
    })
    if (!found) {
      // The hook is installed by the first canvas; a crash page that has drawn one must have it.
      if ((await this.page.locator('[data-testid="crash.game"] canvas').count()) === 0) return null
      throw new Error('[CrashPage] no canvas test hook: serve a test build (npm run build:test)')
    }
    return found.canvas as CrashCanvas | null
  }

  /** What the crash scene drew last (`CrashScene.inspect`); waits for the scene to run. */
  async drawn(): Promise<CrashDrawn> {
    await expect.poll(async () => (await this.canvas())?.state, { timeout: 15_000 }).toBe('running')
    const canvas = await this.canvas()
    if (!canvas) throw new Error('[CrashPage] the crash canvas went away')
    return canvas.detail
  }

  /** The chip of finished round `roundId` in the history strip (labels as in English). */
  historyChip(roundId: string): Locator {
    return this.page
      .getByTestId('crash.history-item')
      .and(this.page.locator(`[aria-label^="Round ${roundId} crashed at "]`))
  }

  /** The fairness proof dialog and its parts. */
  get proof() {
    const id = (name: string) => this.page.getByTestId(`crash.fairness-${name}`)
    return {
      dialog: this.page.getByTestId('crash.fairness-dialog'),
      hash: id('hash'),
      reported: id('reported'),
      computed: id('computed'),
      verdict: id('verdict'),
      message: id('message'),
    }
  }

  /**
   * Bets `amount` (major units) in a reserved upcoming round and waits for the bet to settle (no
   * cash-out: it rides to the crash). Returns the round it played in.
   */
  async playRound(amount: string): Promise<string> {
    const { roundId } = await this.reserveRound()
    try {
      await this.betIn(roundId, amount)
    } finally {
      await this.release(roundId)
    }
    await expect(this.status).toHaveAttribute('data-state', /cashedOut|lost/, { timeout: 60_000 })
    return roundId
  }

  /** Frames the crash canvas has drawn so far (0 when none runs). */
  async canvasFrames(): Promise<number> {
    return (await this.canvas())?.frames ?? 0
  }
}

/** What a funded test player starts with: 1 000 RUB, in minor units. */
export const FUNDED_BALANCE = 100_000

/**
 * Registers a new player by e-mail and deposits {@link FUNDED_BALANCE} through the sandbox
 * payment provider, all over the API as the app would; returns the session token.
 */
export async function fundedPlayer(request: APIRequestContext): Promise<string> {
  const email = `crash-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tessera.test`
  // The e2e server's per-minute limits are out of reach (playwright.config.ts): one try.
  const registered = await request.post('/api/api/v2/auth/register/email', {
    data: { email, password: 'crash-player-1', currency: 'RUB', ...(await botCheckData(request)) },
  })
  expect(registered.status(), await registered.text()).toBe(200)
  const { data } = (await registered.json()) as { data: { token: string } }
  const headers = { Authorization: `Bearer ${data.token}` }
  const billing = await request.get('/api/api/v2/billing/data', { headers })
  expect(billing.ok(), await billing.text()).toBe(true)
  const { payments } = (await billing.json()) as { payments: { methods: { hash: string }[] } }
  const method = payments.methods[0]?.hash
  expect(method, 'a payment method in RUB').toBeTruthy()
  const invoice = await request.post('/api/billing/payment/create', {
    headers: { ...headers, 'Idempotency-Key': `fund-${email.replace('@', '.')}` },
    data: { method_hash: method, amount: FUNDED_BALANCE },
  })
  expect(invoice.ok(), await invoice.text()).toBe(true)
  const { id } = (await invoice.json()) as { id: string | number }
  const paid = await request.post(`/api/sandbox/pay/${id}/confirm`)
  expect(paid.ok(), await paid.text()).toBe(true)
  return data.token
}
