import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useProfileApi } from '../../features/profile/api'
import { useSession } from '../../stores/session'
import { PageTitle } from './PageTitle'
import { PasswordForm } from './PasswordForm'
import { SessionsList } from './SessionsList'
import './profile.css'

/**
 * /profile/access: the password (set a first one when the account has none, else change it) and
 * the sessions. A saved password ends every other session on the server, so the list reloads.
 */
export function ProfileAccessPage() {
  const { t } = useTranslation()
  const api = useProfileApi()
  const user = useSession((s) => s.user)
  const [version, setVersion] = useState(0)
  if (!user) return null // ProfileLayout renders children only for a signed-in user
  const mode = user.is_password_exists ? 'update' : 'set'
  return (
    <section className="page profile-page" data-testid="page.profileAccess">
      <PageTitle />
      <section className="profile-card" aria-labelledby="profile-password">
        <h2 id="profile-password" className="profile-card__title">
          {mode === 'set'
            ? t('profile:access.password.setTitle')
            : t('profile:access.password.updateTitle')}
        </h2>
        {/* A new mode is a new form: the machine's input is read once. */}
        <PasswordForm key={mode} mode={mode} api={api} onSaved={() => setVersion((v) => v + 1)} />
      </section>
      <SessionsList api={api} timeZone={user.timezone} version={version} />
    </section>
  )
}
