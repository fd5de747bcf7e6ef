/**
 * The account modal bodies (Login, LoginByEmail, Register, ConfirmByPhone) built with their flow
 * machines provided for this app. Loaded by accountModals.ts when one of them first opens, so
 * XState, the machines and the forms stay off the first load (`npm run bench -- bundle`).
 */
import type { ComponentType } from 'react'

import type { Api } from '../../api'
import type { ModalBodyProps } from '../modals/slots'
import { appAuthCodeMachine, appConfirmMachine, appRegisterMachine } from './accountFlows'
import { createConfirmByPhone } from './ConfirmCodeForm'
import { appLoginMachine } from './login'
import { createLoginForm } from './LoginForm'
import { createRegisterForm } from './RegisterForm'

/** The account modals whose bodies this module builds. */
export type AccountModal = 'Login' | 'LoginByEmail' | 'Register' | 'ConfirmByPhone'

/** Builds every account modal body once; the forms share the code-sending machine. */
export function createAccountForms(
  api: Api,
  page: Pick<Location, 'href' | 'assign' | 'origin'>,
): Record<AccountModal, ComponentType<ModalBodyProps>> {
  const login = appLoginMachine(api, page)
  const code = appAuthCodeMachine(api)
  return {
    Login: createLoginForm({ login, code }),
    LoginByEmail: createLoginForm({ login, code }, { only: 'email-code' }),
    Register: createRegisterForm({
      register: appRegisterMachine(api),
      confirmEmail: { confirm: appConfirmMachine(api, 'email'), code },
    }),
    ConfirmByPhone: createConfirmByPhone({ confirm: appConfirmMachine(api, 'phone'), code }),
  }
}
