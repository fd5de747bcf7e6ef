import { useRouter } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { DEFAULT_CURRENCY, formatMoney } from '../../../games/engine/money'
import type { User } from '../../../contract'
import { useProfileApi } from '../../features/profile/api'
import { initialsOf } from '../../features/profile/format'
import { saveSetting, type SettingPatch } from '../../features/profile/settings'
import { switchLocale } from '../../features/locale/controller'
import { VerificationCard } from '../../features/verification/VerificationCard'
import { isLocale, LOCALES, type Locale } from '../../i18n/locales'
import { useSession } from '../../stores/session'
import { PageTitle } from './PageTitle'
import './profile.css'

/** Each language named in itself, as the language switch does. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'common:language.name.en',
  ru: 'common:language.name.ru',
  kz: 'common:language.name.kz',
}

/** Zones offered when the browser cannot list its own (older engines). */
const FALLBACK_ZONES = ['UTC', 'Europe/Moscow', 'Asia/Almaty', 'Asia/Kolkata', 'Europe/Berlin']

function timeZones(current: string | null): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }
  const zones = intl.supportedValuesOf?.('timeZone') ?? FALLBACK_ZONES
  return current && !zones.includes(current) ? [current, ...zones] : zones
}

/**
 * /profile: who the player is and what they hold. Balances (real, bonus, total) in the user's
 * currency, the avatar (picture or initials), the contacts, the identity-verification status
 * (with the way into the Verification modal when it is asked for), and the two regional settings:
 * interface language and time zone. Each setting is saved alone (PUT /profile/settings takes
 * one field), optimistically; a new language also switches the interface through the locale
 * controller once the server has kept it. The privacy switches live on /profile/setting.
 */
export function ProfileMainPage() {
  const user = useSession((s) => s.user)
  if (!user) return null // ProfileLayout renders children only for a signed-in user
  return (
    <section className="page profile-page" data-testid="page.profile">
      <PageTitle />
      <Overview user={user} />
      <Balances user={user} />
      <VerificationCard verification={user.verification} />
      <Regional user={user} />
    </section>
  )
}

function Overview({ user }: { user: User }) {
  const { t } = useTranslation()
  const notSet = t('profile:main.notSet')
  return (
    <div className="profile-card profile-overview">
      <span className="profile-avatar" data-testid="profile.avatar">
        {user.image.small ? (
          <img src={user.image.small} alt={t('profile:main.avatar')} width={72} height={72} />
        ) : (
          <span aria-hidden="true">{initialsOf(user.name, user.email)}</span>
        )}
      </span>
      <div className="profile-overview__text">
        <p className="profile-overview__name" data-testid="profile.name">
          {user.name ?? user.email ?? user.phone ?? notSet}
        </p>
        <dl className="profile-facts">
          <div>
            <dt>{t('profile:main.email')}</dt>
            <dd>{user.email ?? notSet}</dd>
          </div>
          <div>
            <dt>{t('profile:main.phone')}</dt>
            <dd>{user.phone ?? notSet}</dd>
          </div>
        </dl>
      </div>
    </div>
  )
}

function Balances({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const locale = (isLocale(i18n.language) ? i18n.language : 'en') as Locale
  // A user who has not chosen a currency yet sees the default one (SPEC.md section 9).
  const currency = user.currency ?? DEFAULT_CURRENCY
  const rows = [
    { id: 'real', label: t('profile:main.real'), amount: user.balance },
    { id: 'bonus', label: t('profile:main.bonus'), amount: user.bonus_balance },
    { id: 'total', label: t('profile:main.total'), amount: user.total_balance },
  ] as const
  return (
    <section className="profile-card" aria-labelledby="profile-balances">
      <h2 id="profile-balances" className="profile-card__title">
        {t('profile:main.balances')}
      </h2>
      <dl className="profile-balances">
        {rows.map((row) => (
          <div key={row.id} className={`profile-balances__item profile-balances__item--${row.id}`}>
            <dt>{row.label}</dt>
            <dd data-testid={`profile.balance-${row.id}`}>
              {formatMoney(row.amount, currency, locale)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Regional({ user }: { user: User }) {
  const { t } = useTranslation()
  const api = useProfileApi()
  const router = useRouter()
  const id = useId()
  const [saving, setSaving] = useState<'locale' | 'timezone' | null>(null)
  const zones = useMemo(() => timeZones(user.timezone), [user.timezone])

  const save = async (patch: SettingPatch, which: 'locale' | 'timezone') => {
    setSaving(which)
    const saved = await saveSetting(api, patch, t)
    setSaving(null)
    if (saved && 'locale' in patch) await switchLocale(router, patch.locale)
  }

  return (
    <section className="profile-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-card__title">
        {t('profile:main.regional')}
      </h2>
      <div className="profile-fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-locale`}>
            {t('profile:main.locale')}
          </label>
          <select
            id={`${id}-locale`}
            className="field__input"
            value={user.locale ?? ''}
            disabled={saving === 'locale'}
            onChange={(event) => {
              const value = event.currentTarget.value
              if (isLocale(value)) void save({ locale: value }, 'locale')
            }}
            data-testid="profile.locale"
          >
            {user.locale === null ? (
              <option value="" disabled>
                {t('profile:main.notChosen')}
              </option>
            ) : null}
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {t(LANGUAGE_NAMES[locale])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-timezone`}>
            {t('profile:main.timezone')}
          </label>
          <select
            id={`${id}-timezone`}
            className="field__input"
            value={user.timezone ?? ''}
            disabled={saving === 'timezone'}
            onChange={(event) => {
              const value = event.currentTarget.value
              if (value !== '') void save({ timezone: value }, 'timezone')
            }}
            data-testid="profile.timezone"
          >
            {user.timezone === null ? (
              <option value="" disabled>
                {t('profile:main.notChosen')}
              </option>
            ) : null}
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  )
}
