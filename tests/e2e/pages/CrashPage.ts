import { expect, type Locator, type Page } from '@playwright/test'

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

  async open(): Promise<void> {
    await this.page.goto('/games/crash')
    await expect(this.page.getByTestId('crash.connection')).toHaveAttribute(
      'data-status',
      'online',
      { timeout: 15_000 },
    )
  }

  phase(): Promise<string | null> {
    return this.game.getAttribute('data-phase')
  }

  roundId(): Promise<string | null> {
    return this.game.getAttribute('data-round-id')
  }

  /** Waits for a round in `phase` and returns its id. */
  async waitFor(phase: string | RegExp, timeout = 60_000): Promise<string> {
    await expect(this.game).toHaveAttribute('data-phase', phase, { timeout })
    return (await this.roundId()) ?? ''
  }
}
