/** The password machine with its side effects supplied: the app edge of password.machine.ts. */
import type { TFunction } from 'i18next'
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { passwordMachine, type PasswordMachine } from '../../flows/password.machine'
import { showToast } from '../../stores/toasts'
import { loadUser } from '../session'
import type { ProfileApi } from './api'

/**
 * The machine talking to `api`. Field errors show inside the form, so the calls show no toast of
 * their own; a save shows the notice of SPEC.md section 8 and reloads the user, whose
 * `is_password_exists` turns a "set" form into a "change" form.
 */
export function profilePasswordMachine(
  api: Pick<ProfileApi, 'updatePassword' | 'setPassword' | 'user'>,
  t: TFunction,
): PasswordMachine {
  return passwordMachine.provide({
    actors: {
      updatePassword: fromPromise(async ({ input, signal }) => {
        await api.updatePassword(input, { notify: false, signal })
      }),
      setPassword: fromPromise(async ({ input, signal }) => {
        await api.setPassword(input, { notify: false, signal })
      }),
    },
    actions: {
      saved: (_, { notice }) => {
        showToast({ kind: 'success', title: t(notice) })
        // loadUser (not a bare user call) keeps a rotated fresh_token, or the session would end.
        // It reads only `profile.user`, which this narrower api has.
        const profile = api as Pick<Api, 'profile'>['profile']
        loadUser({ profile }, { notify: false }).catch((error: unknown) =>
          console.warn('[profile] reloading the user failed:', error),
        )
      },
    },
  })
}
