import { useState } from 'react'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { appPasswordResetLinkMachine } from '../features/password/machines'
import { useResetNavigation } from '../features/password/navigation'
import { ResetLinkFlow } from '../features/password/ResetLinkFlow'
import { appApi } from '../features/session'

/**
 * /reset-password/{token} (SPEC.md section 2), opened from the reset e-mail: the token is checked
 * first; a usable one gets the new-password form, an unknown, used or expired one a clear message
 * and a way to ask for a new link (src/flows/passwordResetLink.machine.ts).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { token = '' } = useParams({ strict: false }) as { token?: string }
  const go = useResetNavigation()
  const [machine] = useState(() => appPasswordResetLinkMachine(appApi(), go))
  return (
    <section className="page reset-page" data-testid="page.resetPassword">
      <h1 className="page__title" data-testid="page.title">
        {t('pages:resetPassword.title')}
      </h1>
      {/* Keyed on the token: another link opened in place starts a fresh check. */}
      <ResetLinkFlow key={token} machine={machine} token={token} />
    </section>
  )
}
