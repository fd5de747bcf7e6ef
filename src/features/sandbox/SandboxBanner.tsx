import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { appApi } from '../session'
import { clientConfigOnce } from '../session/clientConfig'

/**
 * The mode the reference server wrote into the page it served (`<html data-mode>`,
 * server/http/static.ts); undefined when another server served the page (Vite, a CDN).
 */
function servedMode(): string | undefined {
  return document.documentElement.dataset.mode
}

/**
 * A visible label while the server runs in sandbox mode (simulated payments, e-mail and SMS,
 * social log-in and KYC), so nobody mistakes the demo for real money. The page's mode mark
 * draws it in the first frame, so it never pushes the page down; the server's GET /config then
 * confirms it (the only source where the client is served from elsewhere). When the call fails
 * the mark alone decides, and without either nothing is shown, as a production site would.
 */
export function SandboxBanner() {
  const { t } = useTranslation()
  const [sandbox, setSandbox] = useState(() => servedMode() === 'sandbox')
  useEffect(() => {
    let live = true
    // Inside the promise chain, so an app without an API client (a unit test) just shows nothing.
    Promise.resolve()
      .then(() => clientConfigOnce(appApi()))
      .then((config) => {
        if (live) setSandbox(config.mode === 'sandbox')
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])
  if (!sandbox) return null
  return (
    <p className="sandbox-banner" role="note" data-testid="layout.sandbox-banner">
      <strong>{t('common:sandbox.label')}</strong> {t('common:sandbox.description')}
    </p>
  )
}
