/**
 * The app edges of the account flows besides log-in: sending codes (authCode.machine.ts),
 * registration (register.machine.ts) and confirming a contact (confirmContact.machine.ts), each
 * talking to the app's API and storing into this app's cookies and stores.
 */
import i18next from 'i18next'
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { authCodeMachine, type AuthCodeMachine } from '../../flows/authCode.machine'
import {
  confirmContactMachine,
  type ConfirmContactMachine,
} from '../../flows/confirmContact.machine'
import { registerMachine, type RegisterMachine } from '../../flows/register.machine'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { showToast } from '../../stores/toasts'
import { currentFingerprint, readRegistrationAttribution } from '../attribution'
import { botCheckFields } from '../botcheck'
import { loadUser } from './bootstrap'
import { writeToken } from './cookies'

/**
 * Codes to an address (log-in by code: first send and resend) or, with no address, to the
 * signed-in account's own contact (confirmation resend). Errors are shown by the form.
 */
export function appAuthCodeMachine(api: Pick<Api, 'auth' | 'misc' | 'client'>): AuthCodeMachine {
  return authCodeMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input, signal }) => {
        const o = { notify: false, signal }
        const { channel, address, resend } = input
        if (address === null) {
          return channel === 'email'
            ? api.auth.resendEmailConfirmation(o)
            : api.auth.resendPhoneConfirmation(o)
        }
        // A code to an address passes the bot check (its solution works for one call).
        const botCheck = await botCheckFields(api)
        if (channel === 'email') {
          const body = { email: address, ...botCheck }
          return resend
            ? api.auth.resendEmailLoginCode(body, o)
            : api.auth.sendEmailLoginCode(body, o)
        }
        const body = { phone: address, ...botCheck }
        return resend
          ? api.auth.resendPhoneLoginCode(body, o)
          : api.auth.sendPhoneLoginCode(body, o)
      }),
    },
  })
}

function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/**
 * Registration with the attribution cookies, the device fingerprint and the browser's time
 * zone. A phone registration continues in the ConfirmByPhone modal; an e-mail one in the
 * Register modal's own code step (the form reads the machine's `registered` state).
 */
export function appRegisterMachine(
  api: Pick<Api, 'auth' | 'profile' | 'misc' | 'client'>,
): RegisterMachine {
  return registerMachine.provide({
    actors: {
      register: fromPromise(async ({ input, signal }) => {
        const attribution = readRegistrationAttribution()
        const extras = {
          ...(await botCheckFields(api)),
          ...attribution,
          // The form's field wins over the cookie; a field the player emptied sends none.
          promo: input.promo === undefined ? attribution.promo : input.promo.trim() || null,
          fpp: currentFingerprint(),
          currency: input.currency,
          locale: input.locale,
          timezone: timeZone(),
        }
        const o = { notify: false, signal }
        return input.channel === 'email'
          ? api.auth.registerByEmail({ ...extras, email: input.email, password: input.password }, o)
          : api.auth.registerByPhone({ ...extras, phone: input.phone, password: input.password }, o)
      }),
      fetchUser: fromPromise(() => loadUser(api, { notify: false })),
    },
    actions: {
      storeToken: (_, { token }) => writeToken(token),
      setUser: (_, { user }) => useSession.getState().setUser(user),
      registered: (_, { channel }) => {
        if (channel === 'phone') useModals.getState().open('ConfirmByPhone')
      },
    },
  })
}

/** Confirming the signed-in account's e-mail or phone with its code. */
export function appConfirmMachine(
  api: Pick<Api, 'auth' | 'profile'>,
  channel: 'email' | 'phone',
): ConfirmContactMachine {
  return confirmContactMachine.provide({
    actors: {
      confirm: fromPromise(({ input, signal }) =>
        channel === 'email'
          ? api.auth.confirmEmail(input, { notify: false, signal })
          : api.auth.confirmPhone(input, { notify: false, signal }),
      ),
      fetchUser: fromPromise(() => loadUser(api, { notify: false })),
    },
    actions: {
      confirmed: () => {
        useModals.getState().close()
        showToast({
          kind: 'success',
          title:
            channel === 'email'
              ? i18next.t('auth:confirm.doneEmail')
              : i18next.t('auth:confirm.donePhone'),
        })
      },
    },
  })
}
