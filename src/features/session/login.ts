/**
 * The log-in machine with its side effects supplied: the app edge of src/flows/login.machine.ts.
 */
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { loginMachine, type LoginCredentials, type LoginMachine } from '../../flows/login.machine'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { MODAL_FLAGS } from '../modals/urlSync'
import { logOutLocally } from './api'
import { loadUser } from './bootstrap'
import { writeSsoFlag, writeToken } from './cookies'
import { appSocialMachine } from './social'

/**
 * Where the SSO link sends the browser: the link followed by the current URL, encoded, so the
 * SSO side can bring the player back. SSO links therefore end with the parameter that takes the
 * return address (`https://sso.example/enter?return=`). Modal flags are dropped from the
 * return address, or the player would come back to the log-in form.
 */
export function ssoTarget(sso: string, current: string): string {
  const back = new URL(current)
  for (const flag of Object.keys(MODAL_FLAGS)) back.searchParams.delete(flag)
  return `${sso}${encodeURIComponent(back.href)}`
}

/** The log-in call of a method. Field errors are shown inside the form: no toast. */
function logInBy(api: Pick<Api, 'auth'>, credentials: LoginCredentials, signal: AbortSignal) {
  const options = { notify: false, signal }
  switch (credentials.method) {
    case 'email-password':
      return api.auth.loginByEmailPassword(
        { email: credentials.email, password: credentials.password },
        options,
      )
    case 'email-code':
      return api.auth.loginByEmailCode(
        { email: credentials.email, code: credentials.code },
        options,
      )
    case 'phone-password':
      return api.auth.loginByPhonePassword(
        { phone: credentials.phone, password: credentials.password },
        options,
      )
    case 'phone-code':
      // The code came by SMS, the only channel the server delivers.
      return api.auth.loginByPhoneCode(
        { phone: credentials.phone, code: credentials.code },
        { ...options, sms: true },
      )
    default: {
      const unknown: never = credentials
      throw new Error(`[session] unknown log-in method ${JSON.stringify(unknown)}`)
    }
  }
}

/** The log-in machine talking to `api`, storing into the cookies and stores of this app. */
export function appLoginMachine(
  api: Pick<Api, 'auth' | 'profile'>,
  page: Pick<Location, 'href' | 'assign' | 'origin'>,
): LoginMachine {
  return loginMachine.provide({
    actors: {
      logIn: fromPromise(({ input, signal }) => logInBy(api, input, signal)),
      socialLogIn: appSocialMachine(api, page),
      // Not aborted with the form: once the token is stored, the user lands in the store even if
      // the player closes the modal meanwhile (loadUser writes the store itself).
      fetchUser: fromPromise(() => loadUser(api, { notify: false })),
      saveLocale: fromPromise(async ({ input }) => {
        const answer = await api.profile.updateSettings({ locale: input.locale }, { notify: false })
        return answer.user
      }),
    },
    actions: {
      storeToken: (_, { token }) => writeToken(token),
      setUser: (_, { user }) => useSession.getState().setUser(user),
      logOutLocally: () => logOutLocally(),
      closeModal: () => useModals.getState().close(),
      followSso: (_, { url }) => {
        // Set before leaving, cleared at the next start (SPEC.md section 4).
        writeSsoFlag()
        page.assign(ssoTarget(url, page.href))
      },
    },
  })
}
