import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useProfileApi } from '../../features/profile/api'
import { saveSetting } from '../../features/profile/settings'
import { useSession } from '../../stores/session'
import { PageTitle } from './PageTitle'
import { Switch } from './Switch'
import './profile.css'

type PrivacyField = 'is_avatar_hidden' | 'is_statistics_hidden'

/**
 * /profile/setting: the privacy preferences the profile call knows, `is_avatar_hidden` and
 * `is_statistics_hidden`, each a switch saved alone (PUT /profile/settings, optimistic, rolled
 * back with a message when refused). They live here and only here; /profile keeps the regional
 * settings (language, time zone) next to the balances, so no setting has two controls. There are
 * no notification preferences yet: the profile call has no field for them.
 */
export function ProfileSettingPage() {
  const { t } = useTranslation()
  const api = useProfileApi()
  const user = useSession((s) => s.user)
  const [saving, setSaving] = useState<PrivacyField | null>(null)
  if (!user) return null // ProfileLayout renders children only for a signed-in user

  const toggle = async (field: PrivacyField, value: boolean) => {
    setSaving(field)
    await saveSetting(
      api,
      field === 'is_avatar_hidden' ? { is_avatar_hidden: value } : { is_statistics_hidden: value },
      t,
    )
    setSaving(null)
  }

  return (
    <section className="page profile-page" data-testid="page.profileSetting">
      <PageTitle />
      <section className="profile-card" aria-labelledby="profile-privacy">
        <h2 id="profile-privacy" className="profile-card__title">
          {t('profile:privacy.title')}
        </h2>
        <Switch
          label={t('profile:privacy.hideAvatar')}
          hint={t('profile:privacy.hideAvatarHint')}
          checked={user.is_avatar_hidden}
          disabled={saving === 'is_avatar_hidden'}
          onChange={(value) => void toggle('is_avatar_hidden', value)}
          testId="profile.hide-avatar"
        />
        <Switch
          label={t('profile:privacy.hideStatistics')}
          hint={t('profile:privacy.hideStatisticsHint')}
          checked={user.is_statistics_hidden}
          disabled={saving === 'is_statistics_hidden'}
          onChange={(value) => void toggle('is_statistics_hidden', value)}
          testId="profile.hide-statistics"
        />
      </section>
    </section>
  )
}
