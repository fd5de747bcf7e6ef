import { useTranslation } from 'react-i18next'
import { applyUpdate } from '../pwa'
import { useAppUpdate } from './updateStore'

/**
 * "A new version is ready": shown once a newer client has been deployed (the build watch, or a
 * new service worker waiting: src/features/pwa, whose Reload activates it first), until
 * the player reloads or chooses Later. The page is never reloaded without asking, since a
 * reload mid-bet or mid-form would lose what the player was doing.
 */
export function UpdateNotice({ reload = applyUpdate }: { reload?: () => void }) {
  const { t } = useTranslation()
  const available = useAppUpdate((s) => s.available)
  const dismissed = useAppUpdate((s) => s.dismissed)
  const dismiss = useAppUpdate((s) => s.dismiss)
  if (!available || available === dismissed) return null
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <p className="update-notice__text">{t('common:update.available')}</p>
      <div className="update-notice__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="update-notice.reload"
          onClick={reload}
        >
          {t('common:update.reload')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="update-notice.later"
          onClick={dismiss}
        >
          {t('common:update.later')}
        </button>
      </div>
    </div>
  )
}
