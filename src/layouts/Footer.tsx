import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Tooltip } from '../components/Tooltip'
import { LanguageSwitch } from './LanguageSwitch'
import { useConsent } from '../features/consent/consent'
import { FooterContacts } from '../features/support/FooterContacts'

const LINKS = [
  { to: '/policy/en/user-agreement', label: 'common:footer.userAgreementEn', id: 'agreement-en' },
  { to: '/policy/ru/user-agreement', label: 'common:footer.userAgreementRu', id: 'agreement-ru' },
  { to: '/policy/ru/confidential', label: 'common:footer.confidential', id: 'confidential' },
  { to: '/policy/en/kyc', label: 'common:footer.kyc', id: 'kyc' },
  { to: '/faq', label: 'common:footer.faq', id: 'faq' },
] as const

/** Footer of the default layout: policy documents, FAQ and the responsible-gaming line. */
export function Footer() {
  const { t } = useTranslation()
  return (
    <footer className="footer" data-testid="layout.footer">
      <nav aria-label={t('common:footer.label')}>
        <ul className="footer__links">
          {LINKS.map((link) => (
            <li key={link.id}>
              <Link to={link.to} data-testid={`footer.link-${link.id}`}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="footer__link-button"
              data-testid="footer.cookie-settings"
              onClick={() => useConsent.getState().edit()}
            >
              {t('common:footer.cookieSettings')}
            </button>
          </li>
        </ul>
      </nav>
      <FooterContacts />
      <div className="footer__legal">
        <Tooltip theme="white-tooltip" content={t('common:footer.ageTooltip')}>
          <button type="button" className="age-badge" data-testid="footer.age-badge">
            {t('common:footer.age')}
          </button>
        </Tooltip>
        <p>{t('common:footer.responsible')}</p>
      </div>
      <div className="footer__bottom">
        <p className="footer__copy">{t('common:footer.copyright')}</p>
        <LanguageSwitch place="footer" />
      </div>
    </footer>
  )
}
