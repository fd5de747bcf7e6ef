/**
 * Fills the account modals of SPEC.md section 2 (Login, LoginByEmail, Register, ConfirmByPhone)
 * with their forms, each running its flow machines provided for this app, and starts taking the
 * device fingerprint a registration sends.
 */
import type { Api } from '../../api'
import { scheduleFingerprint } from '../attribution'
import { registerModalBody } from '../modals/slots'
import { appAuthCodeMachine, appConfirmMachine, appRegisterMachine } from './accountFlows'
import { createConfirmByPhone } from './ConfirmCodeForm'
import { appLoginMachine } from './login'
import { createLoginForm } from './LoginForm'
import { createRegisterForm } from './RegisterForm'

/** Registers the account modal bodies; called once from `startSession`. */
export function registerAccountModals(
  api: Api,
  page: Pick<Location, 'href' | 'assign' | 'origin'>,
): void {
  const login = appLoginMachine(api, page)
  const code = appAuthCodeMachine(api)
  registerModalBody('Login', createLoginForm({ login, code }))
  registerModalBody('LoginByEmail', createLoginForm({ login, code }, { only: 'email-code' }))
  registerModalBody(
    'Register',
    createRegisterForm({
      register: appRegisterMachine(api),
      confirmEmail: { confirm: appConfirmMachine(api, 'email'), code },
    }),
  )
  registerModalBody(
    'ConfirmByPhone',
    createConfirmByPhone({ confirm: appConfirmMachine(api, 'phone'), code }),
  )
  // SPEC.md section 9: on idle, or after 500 ms.
  scheduleFingerprint()
}
