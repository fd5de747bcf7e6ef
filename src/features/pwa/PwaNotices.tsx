import { useTranslation } from 'react-i18next'
import { useConnectivity } from './connectivity'
import { dismissInstall, installApp, useInstallPrompt } from './install'
import './pwa.css'

/** "You are offline": shown while the page has no network (`connectivity.ts`). */
export function OfflineNotice() {
  const { t } = useTranslation()
  const offline = useConnectivity((s) => s.offline)
  if (!offline) return null
  return (
    <p className="offline-notice" role="status" data-testid="pwa.offline">
      {t('pwa:offline')}
    </p>
  )
}

/**
 * The install banner: shown while the browser offers installation and the player has neither
 * installed the app nor dismissed the banner (`install.ts`), which hides it for good.
 */
export function InstallBanner() {
  const { t } = useTranslation()
  const prompt = useInstallPrompt((s) => s.prompt)
  if (!prompt) return null
  return (
    <section
      className="install-banner"
      aria-label={t('pwa:install.title')}
      data-testid="pwa.install"
    >
      <p className="install-banner__text">
        <strong>{t('pwa:install.title')}</strong> {t('pwa:install.text')}
      </p>
      <div className="install-banner__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="pwa.install.accept"
          onClick={() => void installApp()}
        >
          {t('pwa:install.accept')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="pwa.install.dismiss"
          onClick={() => dismissInstall()}
        >
          {t('pwa:install.dismiss')}
        </button>
      </div>
    </section>
  )
}

/** The installable app's notices, placed once in the layout. */
export function PwaNotices() {
  return (
    <>
      <OfflineNotice />
      <InstallBanner />
    </>
  )
}
