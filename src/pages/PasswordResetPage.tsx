import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appPasswordResetMachine } from '../features/password/machines'
import { useResetNavigation } from '../features/password/navigation'
import { PasswordResetFlow } from '../features/password/PasswordResetFlow'
import { appApi } from '../features/session'

/**
 * /password/reset (SPEC.md section 2): the player asks for a code by e-mail or phone, enters it,
 * then chooses a new password (src/flows/passwordReset.machine.ts). The e-mail also carries a
 * link to /reset-password/{token} (ResetPasswordPage).
 */
export function PasswordResetPage() {
  const { t } = useTranslation()
  const go = useResetNavigation()
  const [machine] = useState(() => appPasswordResetMachine(appApi(), go))
  return (
    <section className="page reset-page" data-testid="page.passwordReset">
      <h1 className="page__title" data-testid="page.title">
        {t('pages:passwordReset.title')}
      </h1>
      <PasswordResetFlow machine={machine} />
    </section>
  )
}
