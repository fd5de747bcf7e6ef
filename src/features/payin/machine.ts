/**
 * The PayIn machine with its side effects supplied: the app edge of src/flows/payIn.machine.ts.
 */
import { fromPromise } from 'xstate'

import type { Api } from '../../api'
import { payInMachine, type PayInMachine } from '../../flows/payIn.machine'
import { useModals } from '../../stores/modals'
import { loadUser } from '../session/bootstrap'

/** A fresh idempotency key for one deposit attempt (the server accepts 8-128 of [A-Za-z0-9_-:.]). */
export function newDepositKey(): string {
  return `payin:${crypto.randomUUID()}`
}

/**
 * The PayIn machine talking to `api`. Its calls show no toasts: the form shows its own messages,
 * and a failed status poll is simply asked again 5 s later.
 */
export function appPayInMachine(api: Pick<Api, 'billing' | 'bonus' | 'profile'>): PayInMachine {
  return payInMachine.provide({
    actors: {
      loadMethods: fromPromise(({ signal }) => api.billing.data({ notify: false, signal })),
      createInvoice: fromPromise(({ input, signal }) =>
        api.billing.createInvoice(
          { method_hash: input.method_hash, amount: input.amount },
          input.key,
          { notify: false, signal },
        ),
      ),
      checkStatus: fromPromise(({ input, signal }) =>
        api.billing.paymentStatus(input.id, { notify: false, signal }),
      ),
    },
    actions: {
      showSuccess: () => {
        // Closing first lets the URL sync drop a `deposit` flag, so Back does not reopen PayIn.
        useModals.getState().close()
        useModals.getState().open('SuccessPayment')
      },
      // Fire and forget: the new balance lands in the session store whatever the modal does.
      refreshBalance: () => {
        loadUser(api, { notify: false }).catch((error: unknown) =>
          console.warn('[payin] balance refresh failed:', error),
        )
      },
      // There is no bonus widget yet; this refetches its data (SPEC.md section 4: "bonus widget
      // key refreshed"). The widget, when it exists, should keep the answer in a store.
      refreshBonus: () => {
        api.bonus
          .waitingForDeposit({ notify: false })
          .catch((error: unknown) => console.warn('[payin] bonus refresh failed:', error))
      },
    },
  })
}
