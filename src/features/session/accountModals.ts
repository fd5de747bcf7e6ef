/**
 * Fills the account modals of SPEC.md section 2 (Login, LoginByEmail, Register, ConfirmByPhone)
 * with their forms, each running its flow machines provided for this app, and starts taking the
 * device fingerprint a registration sends. The forms and machines (accountForms.ts) load when an
 * account modal first opens: a visitor who never opens one never downloads them.
 */
import { lazy } from 'react'

import type { Api } from '../../api'
import { scheduleFingerprint } from '../attribution'
import { registerModalBody } from '../modals/slots'
import type { AccountModal } from './accountForms'

const ACCOUNT_MODALS: readonly AccountModal[] = [
  'Login',
  'LoginByEmail',
  'Register',
  'ConfirmByPhone',
]

/** Registers the account modal bodies; called once from `startSession`. */
export function registerAccountModals(
  api: Api,
  page: Pick<Location, 'href' | 'assign' | 'origin'>,
): void {
  // One import and one set of machines for all four bodies, whichever opens first.
  let forms: ReturnType<typeof loadForms> | undefined
  const loadForms = () =>
    import('./accountForms').then(
      (m) => m.createAccountForms(api, page),
      (error: unknown) => {
        forms = undefined // a failed download is tried again at the next opening
        throw error
      },
    )
  for (const name of ACCOUNT_MODALS) {
    registerModalBody(
      name,
      lazy(async () => ({ default: (await (forms ??= loadForms()))[name] })),
    )
  }
  // SPEC.md section 9: on idle, or after 500 ms.
  scheduleFingerprint()
}
