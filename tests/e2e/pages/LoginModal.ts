import type { Locator, Page } from '@playwright/test'

/** The Login modal's form. */
export class LoginModal {
  readonly email: Locator
  readonly password: Locator
  readonly submit: Locator
  readonly emailError: Locator
  readonly passwordError: Locator

  constructor(readonly page: Page) {
    this.email = page.getByTestId('login.email')
    this.password = page.getByTestId('login.password')
    this.submit = page.getByTestId('login.submit')
    this.emailError = page.getByTestId('login.email-error')
    this.passwordError = page.getByTestId('login.password-error')
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }
}
