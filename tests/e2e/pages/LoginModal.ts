import { expect, type Locator, type Page } from '@playwright/test'

/** The Login modal's form. */
export class LoginModal {
  readonly email: Locator
  readonly password: Locator
  readonly submit: Locator
  readonly emailError: Locator
  readonly passwordError: Locator
  readonly tabEmail: Locator
  readonly tabPhone: Locator
  readonly modePassword: Locator
  readonly modeCode: Locator
  readonly phone: Locator
  readonly phoneError: Locator
  readonly code: Locator
  readonly codeError: Locator
  readonly sendCode: Locator
  readonly formError: Locator
  readonly forgotPassword: Locator

  constructor(readonly page: Page) {
    this.email = page.getByTestId('login.email')
    this.password = page.getByTestId('login.password')
    this.submit = page.getByTestId('login.submit')
    this.emailError = page.getByTestId('login.email-error')
    this.passwordError = page.getByTestId('login.password-error')
    this.tabEmail = page.getByTestId('login.tab-email')
    this.tabPhone = page.getByTestId('login.tab-phone')
    this.modePassword = page.getByTestId('login.mode-password')
    this.modeCode = page.getByTestId('login.mode-code')
    this.phone = page.getByTestId('login.phone')
    this.phoneError = page.getByTestId('login.phone-error')
    this.code = page.getByTestId('login.code')
    this.codeError = page.getByTestId('login.code-error')
    this.sendCode = page.getByTestId('login.send-code')
    this.formError = page.getByTestId('login.form-error')
    this.forgotPassword = page.getByTestId('login.forgot-password')
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }

  /**
   * Phone tab, code mode: types the national digits (the mask formats them) and asks for an
   * SMS code. Resolves once the countdown shows the code was sent.
   */
  async requestPhoneCode(nationalDigits: string): Promise<void> {
    await this.tabPhone.click()
    await this.modeCode.check()
    await this.phone.pressSequentially(nationalDigits)
    await this.sendCode.click()
    await expect(this.sendCode).toHaveAttribute('data-cooldown', /^[1-9]/)
  }

  /** Types the code and logs in. */
  async logInWithCode(code: string): Promise<void> {
    await this.code.fill(code)
    await this.submit.click()
  }
}

/** The LoginByEmail modal: an e-mail and a one-time code, nothing else. */
export class LoginByEmailModal {
  readonly form: Locator
  readonly email: Locator
  readonly sendCode: Locator
  readonly code: Locator
  readonly codeHint: Locator
  readonly submit: Locator

  constructor(readonly page: Page) {
    this.form = page.getByTestId('login-email.form')
    this.email = page.getByTestId('login-email.email')
    this.sendCode = page.getByTestId('login-email.send-code')
    this.code = page.getByTestId('login-email.code')
    this.codeHint = page.getByTestId('login-email.code-hint')
    this.submit = page.getByTestId('login-email.submit')
  }

  /** Asks for a code to `email`; resolves once the countdown shows it was sent. */
  async requestCode(email: string): Promise<void> {
    await this.email.fill(email)
    await this.sendCode.click()
    await expect(this.sendCode).toHaveAttribute('data-cooldown', /^[1-9]/)
  }

  async logInWithCode(code: string): Promise<void> {
    await this.code.fill(code)
    await this.submit.click()
  }
}
