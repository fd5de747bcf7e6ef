import { Link, Outlet } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

const TABS = [
  { to: '/profile', label: 'pages:profile.tabs.main', id: 'main', exact: true },
  { to: '/profile/access', label: 'pages:profile.tabs.access', id: 'access', exact: false },
  { to: '/profile/bonuses', label: 'pages:profile.tabs.bonuses', id: 'bonuses', exact: false },
  { to: '/profile/history', label: 'pages:profile.tabs.history', id: 'history', exact: false },
  { to: '/profile/setting', label: 'pages:profile.tabs.setting', id: 'setting', exact: false },
] as const

/** /profile and its children share a sub-navigation above the child page. */
export function ProfileLayout() {
  const { t } = useTranslation()
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
      <Outlet />
    </div>
  )
}
