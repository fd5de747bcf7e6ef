import { Navigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { DEFAULT_CURRENCY, formatMoney } from '../../../games/engine/money'
import type { FreeSpin, User } from '../../../contract'
import { useProfileApi } from '../../features/profile/api'
import { formatDateTime } from '../../features/profile/format'
import { isLocale, type Locale } from '../../i18n/locales'
import { useSession } from '../../stores/session'
import { PageTitle } from './PageTitle'
import './profile.css'

/** The feature flag that opens this page (SPEC.md section 6). */
export const BONUS_BALANCES_FEATURE = 'bonus_balances'

/**
 * /profile/bonuses, for players whose features include `bonus_balances`; anyone else is sent to
 * /error?errorCode=404 (SPEC.md section 6). A visitor gets ProfileLayout's log-in prompt first:
 * the features are only known once the player is signed in. With the feature: the bonus balance
 * and the active free spins (GET /profile/freeSpins), nothing more invented.
 */
export function ProfileBonusesPage() {
  const user = useSession((s) => s.user)
  if (!user) return null // ProfileLayout renders children only for a signed-in user
  if (!user.features.includes(BONUS_BALANCES_FEATURE)) {
    return <Navigate to="/error" search={{ errorCode: 404 }} replace />
  }
  return <Bonuses user={user} />
}

type Spins = { status: 'loading' } | { status: 'failed' } | { status: 'ok'; data: FreeSpin[] }

function Bonuses({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const api = useProfileApi()
  const locale = (isLocale(i18n.language) ? i18n.language : 'en') as Locale
  const [spins, setSpins] = useState<Spins>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const abort = new AbortController()
    api.freeSpins({ signal: abort.signal, notify: false }).then(
      (answer) => setSpins({ status: 'ok', data: answer.data }),
      () => {
        if (!abort.signal.aborted) setSpins({ status: 'failed' })
      },
    )
    return () => abort.abort()
  }, [api, attempt])

  return (
    <section className="page profile-page" data-testid="page.profileBonuses">
      <PageTitle />
      <section className="profile-card" aria-labelledby="profile-bonus-balance">
        <h2 id="profile-bonus-balance" className="profile-card__title">
          {t('profile:bonuses.balance')}
        </h2>
        <p className="profile-big-number" data-testid="profile.bonus-balance">
          {formatMoney(user.bonus_balance, user.currency ?? DEFAULT_CURRENCY, locale)}
        </p>
      </section>
      <section
        className="profile-card"
        aria-labelledby="profile-free-spins"
        aria-busy={spins.status === 'loading'}
      >
        <h2 id="profile-free-spins" className="profile-card__title">
          {t('profile:bonuses.freeSpins')}
        </h2>
        {spins.status === 'loading' ? <p className="page__meta">{t('profile:loading')}</p> : null}
        {spins.status === 'failed' ? (
          <div role="alert" className="profile-error">
            <p>{t('profile:bonuses.loadFailed')}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setAttempt((n) => n + 1)}
            >
              {t('profile:retry')}
            </button>
          </div>
        ) : null}
        {spins.status === 'ok' && spins.data.length === 0 ? (
          <p className="page__meta">{t('profile:bonuses.noFreeSpins')}</p>
        ) : null}
        {spins.status === 'ok' && spins.data.length > 0 ? (
          <ul className="profile-list" data-testid="profile.free-spins">
            {spins.data.map((spin) => (
              <li key={spin.id} className="profile-list__item">
                <span className="profile-list__main">{spin.game.name}</span>
                <span>{t('profile:bonuses.spins', { spins: spin.count })}</span>
                <span className="page__meta">
                  {t('profile:bonuses.expires', {
                    time: formatDateTime(spin.expiration_at, locale, user.timezone),
                  })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  )
}
