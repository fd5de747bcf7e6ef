import type { Locator, Page } from '@playwright/test'

/**
 * The Register modal: the sign-up form and, after an e-mail registration, its code step.
 * Other specs reuse it to get a fresh signed-in player (see {@link registerByEmail}).
 */
export class RegisterModal {
  readonly form: Locator
  readonly tabEmail: Locator
  readonly tabPhone: Locator
  readonly email: Locator
  readonly phone: Locator
  readonly password: Locator
  readonly currency: Locator
  readonly submit: Locator
  readonly formError: Locator
  readonly emailError: Locator
  readonly phoneError: Locator
  readonly passwordError: Locator
  /** The e-mail code step shown after registering by e-mail. */
  readonly confirmForm: Locator
  readonly confirmCode: Locator
  readonly confirmSubmit: Locator
  readonly confirmLater: Locator
  readonly confirmCodeError: Locator
  readonly resend: Locator

  constructor(readonly page: Page) {
    this.form = page.getByTestId('register.form')
    this.tabEmail = page.getByTestId('register.tab-email')
    this.tabPhone = page.getByTestId('register.tab-phone')
    this.email = page.getByTestId('register.email')
    this.phone = page.getByTestId('register.phone')
    this.password = page.getByTestId('register.password')
    this.currency = page.getByTestId('register.currency')
    this.submit = page.getByTestId('register.submit')
    this.formError = page.getByTestId('register.form-error')
    this.emailError = page.getByTestId('register.email-error')
    this.phoneError = page.getByTestId('register.phone-error')
    this.passwordError = page.getByTestId('register.password-error')
    this.confirmForm = page.getByTestId('confirm-email.form')
    this.confirmCode = page.getByTestId('confirm-email.code')
    this.confirmSubmit = page.getByTestId('confirm-email.submit')
    this.confirmLater = page.getByTestId('confirm-email.later')
    this.confirmCodeError = page.getByTestId('confirm-email.code-error')
    this.resend = page.getByTestId('confirm-email.resend')
  }

  /**
   * Fills and sends the e-mail sign-up form (the Register modal must be open, e.g. `/?signup`).
   * Resolves once the code step is shown: the player is signed in from then on.
   */
  async registerByEmail(email: string, password: string, currency?: string): Promise<void> {
    await this.tabEmail.click()
    await this.email.fill(email)
    await this.password.fill(password)
    if (currency) await this.currency.selectOption(currency)
    await this.submit.click()
    await this.confirmForm.waitFor()
  }

  /** Types the e-mailed code into the code step and confirms it. */
  async confirmEmailCode(code: string): Promise<void> {
    await this.confirmCode.fill(code)
    await this.confirmSubmit.click()
  }

  /** Leaves the code step for later (the account stays signed in, unconfirmed). */
  async later(): Promise<void> {
    await this.confirmLater.click()
  }
}
