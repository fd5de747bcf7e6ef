/**
 * The verification machine with its side effects supplied: the app edge of
 * src/flows/verification.machine.ts.
 */
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { verificationMachine, type VerificationMachine } from '../../flows/verification.machine'
import { loadUser } from '../session/bootstrap'

/**
 * The machine talking to `api`. A refresh goes through `loadUser`, so the session store (and the
 * header) get the fresh user too; failures are shown in the modal, never as toasts.
 */
export function appVerificationMachine(api: Pick<Api, 'profile' | 'misc'>): VerificationMachine {
  return verificationMachine.provide({
    actors: {
      refreshUser: fromPromise(({ signal }) => loadUser(api, { notify: false, signal })),
      advanceKyc: fromPromise(async ({ signal }) => {
        await api.misc.sandboxKyc({ status: 'next' }, { notify: false, signal })
      }),
    },
  })
}
