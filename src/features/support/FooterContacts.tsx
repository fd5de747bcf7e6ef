import { useTranslation } from 'react-i18next'
import { useSettings } from '../../stores/settings'
import { SupportLink } from './SupportLink'

/**
 * The footer's support line: the chat, and the revenue-share programme and Telegram channel of
 * the settings store, each only when the server configures it.
 */
export function FooterContacts() {
  const { t } = useTranslation()
  const revshareUrl = useSettings((s) => s.revshareUrl)
  const tgChannelUrl = useSettings((s) => s.tgChannelUrl)
  return (
    <ul className="footer__links footer__contacts" aria-label={t('support:settings.label')}>
      <li>
        <SupportLink testId="footer.support">{t('support:open')}</SupportLink>
      </li>
      {revshareUrl && (
        <li>
          <a href={revshareUrl} rel="noopener" data-testid="footer.revshare">
            {t('support:settings.revshare')}
          </a>
        </li>
      )}
      {tgChannelUrl && (
        <li>
          <a href={tgChannelUrl} rel="noopener" data-testid="footer.telegram">
            {t('support:settings.telegram')}
          </a>
        </li>
      )}
    </ul>
  )
}
