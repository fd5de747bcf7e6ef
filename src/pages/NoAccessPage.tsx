import { useTranslation } from 'react-i18next'
import { LogoMark } from '../components/icons'
import { SupportLink } from '../features/support/SupportLink'
import { LanguageSwitch } from '../layouts/LanguageSwitch'

/**
 * /no-access: the region is blocked (geo call answered 451). No header or footer: no way in, but
 * a way to support (the chat, with the log-in it asks a guest for: RootLayout keeps the
 * modal host in this layout too).
 */
export function NoAccessPage() {
  const { t } = useTranslation()
  return (
    <section className="no-access" data-testid="page.noAccess">
      <div className="no-access__brand">
        <LogoMark />
        <span>{t('common:brand')}</span>
      </div>
      <h1 className="page__title" data-testid="page.title">
        {t('pages:noAccess.title')}
      </h1>
      <p className="page__lead">{t('pages:noAccess.description')}</p>
      <p className="page__meta">{t('pages:noAccess.help')}</p>
      <p>
        <SupportLink testId="no-access.support" />
      </p>
      <LanguageSwitch place="page" />
    </section>
  )
}
