import { Link, Outlet, useMatches } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useSessionGate } from '../features/profile/gate'
import { withoutModalFlags } from '../features/modals/urlSync'
import './profile/profile.css'

const TABS = [
  { to: '/profile', label: 'pages:profile.tabs.main', id: 'main', exact: true },
  { to: '/profile/access', label: 'pages:profile.tabs.access', id: 'access', exact: false },
  { to: '/profile/bonuses', label: 'pages:profile.tabs.bonuses', id: 'bonuses', exact: false },
  { to: '/profile/history', label: 'pages:profile.tabs.history', id: 'history', exact: false },
  { to: '/profile/setting', label: 'pages:profile.tabs.setting', id: 'setting', exact: false },
] as const

type Search = Record<string, unknown>

/**
 * /profile and its children share a sub-navigation above the child page, and one rule for
 * visitors: a visitor sees the page's title and a translated prompt with a button that opens the
 * Login modal (the `login` query flag), and the page fills in as soon as the log-in succeeds,
 * because every child reads the session store. The modal is not opened by itself: a deep link
 * that throws a dialog over a page the visitor has not seen yet, and traps focus in it, is worse
 * than one clear sentence and a button. While a kept token's profile is still loading the child
 * waits instead (no prompt flashes for a signed-in player).
 */
export function ProfileLayout() {
  const { t } = useTranslation()
  const gate = useSessionGate()
  const titleKey = useMatches({ select: (m) => m[m.length - 1]?.staticData.titleKey })
  return (
    <div className="profile">
      <nav className="tabs" aria-label={t('pages:profile.tabs.label')}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.to}
                className="tabs__link"
                activeOptions={{ exact: tab.exact, includeSearch: false }}
                data-testid={`profile.tab-${tab.id}`}
              >
                {t(tab.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {gate.status === 'user' ? (
        <Outlet />
      ) : (
        <section className="page profile-page" aria-busy={gate.status === 'loading'}>
          <h1 className="page__title" data-testid="page.title">
            {titleKey ? t(titleKey) : null}
          </h1>
          {gate.status === 'loading' ? (
            <p className="page__lead" data-testid="profile.loading">
              {t('profile:loading')}
            </p>
          ) : (
            <div className="profile-guest" data-testid="profile.guest">
              <p className="page__lead">{t('profile:guest.text')}</p>
              <Link
                to="."
                search={(prev: Search) => ({ ...withoutModalFlags(prev), login: '' })}
                className="button button--primary"
                data-testid="profile.guest-login"
              >
                {t('profile:guest.login')}
              </Link>
            </div>
          )}
        </section>
      )}
    </div>
  )
}
