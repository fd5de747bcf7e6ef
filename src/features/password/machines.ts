/**
 * The password-reset machines with their side effects supplied: the app edge of
 * src/flows/passwordReset.machine.ts and passwordResetLink.machine.ts. Calls do not notify: their
 * failures are shown inside the forms, under the field they concern.
 */
import i18next from 'i18next'
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { passwordResetMachine, type PasswordResetMachine } from '../../flows/passwordReset.machine'
import {
  passwordResetLinkMachine,
  type PasswordResetLinkMachine,
} from '../../flows/passwordResetLink.machine'
import { showToast } from '../../stores/toasts'
import { botCheckFields } from '../botcheck'

/** Where a finished or failed reset sends the player; the page passes its router's moves. */
export interface ResetNavigation {
  /** To log in with the new password (the Login modal). */
  readonly toLogin: () => void
  /** To /error (an invalid phone reset token, SPEC.md section 8). */
  readonly toErrorPage: () => void
}

/** Key of the success notice, written out for the i18n key test. */
export const PASSWORD_CHANGED = 'password:notices.changed'

/** The success notice, in the language of the moment it shows. */
export function notifyPasswordChanged(): void {
  showToast({ kind: 'success', title: i18next.t(PASSWORD_CHANGED) })
}

type PasswordApi = Pick<Api, 'auth' | 'misc' | 'client'>

/** The reset-by-code machine talking to `api`. */
export function appPasswordResetMachine(
  api: PasswordApi,
  go: ResetNavigation,
): PasswordResetMachine {
  const calls = api.auth.password
  const quiet = (signal: AbortSignal) => ({ notify: false, signal })
  return passwordResetMachine.provide({
    actors: {
      // The forgot calls pass the bot check first (a fresh solution each time).
      requestCode: fromPromise(async ({ input, signal }) => {
        const botCheck = await botCheckFields(api)
        return input.channel === 'email'
          ? calls.emailForgot({ email: input.address, ...botCheck }, quiet(signal))
          : calls.phoneForgot({ phone: input.address, ...botCheck }, quiet(signal))
      }),
      confirmCode: fromPromise(({ input, signal }) =>
        input.channel === 'email'
          ? calls.emailCodeConfirm({ email: input.address, code: input.code }, quiet(signal))
          : calls.phoneCodeConfirm({ phone: input.address, code: input.code }, quiet(signal)),
      ),
      checkResetToken: fromPromise(({ input, signal }) =>
        calls.phoneTokenCheck({ token: input.token }, quiet(signal)),
      ),
      resetPassword: fromPromise(({ input, signal }) => {
        const body = {
          reset_token: input.resetToken,
          password: input.password,
          password_confirm: input.passwordConfirm,
        }
        return input.channel === 'email'
          ? calls.emailResetByCode(body, quiet(signal))
          : calls.phoneReset(body, quiet(signal))
      }),
    },
    actions: {
      notifySuccess: () => notifyPasswordChanged(),
      openLogin: () => go.toLogin(),
      goToErrorPage: () => go.toErrorPage(),
    },
  })
}

/** The reset-by-link machine talking to `api`. */
export function appPasswordResetLinkMachine(
  api: PasswordApi,
  go: Pick<ResetNavigation, 'toLogin'>,
): PasswordResetLinkMachine {
  const calls = api.auth.password
  return passwordResetLinkMachine.provide({
    actors: {
      checkToken: fromPromise(({ input, signal }) =>
        calls.emailTokenCheck({ token: input.token }, { notify: false, signal }),
      ),
      resetPassword: fromPromise(({ input, signal }) =>
        calls.emailResetByToken(
          {
            token: input.token,
            password: input.password,
            password_confirm: input.passwordConfirm,
          },
          { notify: false, signal },
        ),
      ),
    },
    actions: {
      notifySuccess: () => notifyPasswordChanged(),
      openLogin: () => go.toLogin(),
    },
  })
}
