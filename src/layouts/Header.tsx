import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { LogoMark } from '../components/icons'
import { Tooltip } from '../components/Tooltip'
import { withoutModalFlags } from '../features/modals/urlSync'
import { DepositButton } from '../features/payin/DepositButton'
import { logOutOfApp } from '../features/session'
import type { Locale } from '../i18n/locales'
import { DEFAULT_CURRENCY, formatMoney } from '../../games/engine/money'
import { PLAYABLE_GAMES } from '../pages/lobby/playableGames'
import { useSession } from '../stores/session'
import { LanguageSwitch } from './LanguageSwitch'

/**
 * Main navigation: the lobby and each game that can be played today. Sections that show only a
 * placeholder (the other games, bonuses, VIP club, tournaments) stay reachable by URL but get no
 * link until they hold something (the header test keeps it so).
 */
const NAV = [
  { to: '/', label: 'common:nav.lobby', id: 'lobby', exact: true },
  ...PLAYABLE_GAMES.map((game) => ({ to: game.to, label: game.title, id: game.id, exact: false })),
]

type Search = Record<string, unknown>

/** Header of the default layout: logo, navigation, account area and language switch. */
export function Header() {
  const { t } = useTranslation()
  return (
    <header className="header" data-testid="layout.header">
      <div className="header__bar">
        <Link to="/" className="header__logo" data-testid="header.logo">
          <LogoMark />
          <span>{t('common:brand')}</span>
        </Link>
        <nav className="header__nav" aria-label={t('common:nav.label')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.to}
                  className="header__nav-link"
                  activeOptions={{ exact: item.exact, includeSearch: false }}
                  data-testid={`header.nav-${item.id}`}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header__side">
          <Account />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  )
}

/** Log-in and register for visitors; balance and avatar for a signed-in user. */
function Account() {
  const { t, i18n } = useTranslation()
  const user = useSession((s) => s.user)
  if (!user) {
    return (
      <div className="account">
        <Link
          to="."
          search={(prev: Search) => ({ ...withoutModalFlags(prev), login: '' })}
          className="button button--ghost"
          data-testid="header.login-button"
        >
          {t('common:account.login')}
        </Link>
        <Link
          to="."
          search={(prev: Search) => ({ ...withoutModalFlags(prev), signup: '' })}
          className="button button--primary"
          data-testid="header.register-button"
        >
          {t('common:account.register')}
        </Link>
      </div>
    )
  }
  const locale = i18n.language as Locale
  // A user who has not chosen a currency yet sees the default one (SPEC.md section 9).
  const currency = user.currency ?? DEFAULT_CURRENCY
  return (
    <div className="account">
      <Tooltip
        theme="gray-tooltip"
        content={t('common:account.bonusBalance', {
          amount: formatMoney(user.bonus_balance, currency, locale),
        })}
      >
        <Link
          to="."
          search={(prev: Search) => ({ ...withoutModalFlags(prev), deposit: '' })}
          className="balance"
          data-testid="header.balance"
        >
          <span className="visually-hidden">{t('common:account.balance')}</span>
          {formatMoney(user.balance, currency, locale)}
        </Link>
      </Tooltip>
      <DepositButton />
      <Link to="/profile" className="avatar" data-testid="header.avatar">
        {user.image.small && !user.is_avatar_hidden ? (
          <img src={user.image.small} alt="" width={32} height={32} />
        ) : (
          <span aria-hidden="true">
            {(user.name ?? user.email ?? '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="visually-hidden">{t('common:account.profile')}</span>
      </Link>
      <button
        type="button"
        className="button button--ghost account__logout"
        data-testid="header.logout-button"
        onClick={() => void logOutOfApp()}
      >
        {/* Phones show the door only (layout.css): with the word the row overflowed at 375 px. */}
        <svg
          className="account__logout-icon"
          width="18"
          height="18"
          viewBox="0 0 18 18"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M7 3H4v12h3M11 5.5 14.5 9 11 12.5M14.5 9H7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="account__logout-label">{t('auth:logout.button')}</span>
      </button>
    </div>
  )
}
