import { expect, type Locator, type Page } from '@playwright/test'

/** The PayIn modal (form and invoice) and the SuccessPayment modal, as a test sees them. */
export class PayInModal {
  readonly dialog: Locator
  readonly form: Locator
  readonly amount: Locator
  readonly amountError: Locator
  readonly amountHint: Locator
  readonly submit: Locator
  readonly invoice: Locator
  readonly invoiceAmount: Locator
  readonly payLink: Locator
  readonly success: Locator
  readonly successBalance: Locator
  readonly successOk: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('modal.dialog')
    this.form = page.getByTestId('payin.form')
    this.amount = page.getByTestId('payin.amount')
    this.amountError = page.getByTestId('payin.amount-error')
    this.amountHint = page.getByTestId('payin.amount-hint')
    this.submit = page.getByTestId('payin.submit')
    this.invoice = page.getByTestId('payin.invoice')
    this.invoiceAmount = page.getByTestId('payin.invoice-amount')
    this.payLink = page.getByTestId('payin.pay-link')
    this.success = page.getByTestId('payin.success')
    this.successBalance = page.getByTestId('payin.success-balance')
    this.successOk = page.getByTestId('payin.success-ok')
  }

  /** The one-tap amount at `index` (0 is the method's minimum). */
  preset(index: number): Locator {
    return this.page.getByTestId(`payin.preset-${index}`)
  }

  /** Waits until the dialog shows `name` (PayIn, SuccessPayment...). */
  async expectOpen(name: string, timeout?: number): Promise<void> {
    await expect(this.dialog).toHaveAttribute('data-modal', name, { timeout })
    await expect(this.dialog).toBeVisible()
  }

  /** Types an amount and submits the form. */
  async deposit(amount: string): Promise<void> {
    await this.amount.fill(amount)
    await this.submit.click()
  }

  /**
   * Pays the open invoice on the sandbox provider's page, opened from the modal's link in a new
   * tab of the same browser context, as a player would.
   */
  async payOnProviderPage(): Promise<void> {
    const [provider] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.payLink.click(),
    ])
    await provider.waitForLoadState('domcontentloaded')
    await provider.locator('#pay').click()
    // The page closes itself a moment after a successful payment.
    await expect(provider.locator('#result'))
      .toHaveText(/^Paid/, { timeout: 10_000 })
      .catch(async (error: unknown) => {
        if (!provider.isClosed()) throw error
      })
  }
}
