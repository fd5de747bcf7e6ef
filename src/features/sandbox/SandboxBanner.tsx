import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { appApi } from '../session'

/**
 * A visible label while the server runs in sandbox mode (simulated payments, e-mail and SMS,
 * social log-in and KYC), so nobody mistakes the demo for real money. The mode comes from the
 * server's GET /config; when the call fails nothing is shown, as a production site would.
 */
export function SandboxBanner() {
  const { t } = useTranslation()
  const [sandbox, setSandbox] = useState(false)
  useEffect(() => {
    const abort = new AbortController()
    // Inside the promise chain, so an app without an API client (a unit test) just shows nothing.
    Promise.resolve()
      .then(() => appApi().misc.clientConfig({ signal: abort.signal }))
      .then((config) => setSandbox(config.mode === 'sandbox'))
      .catch(() => {})
    return () => abort.abort()
  }, [])
  if (!sandbox) return null
  return (
    <p className="sandbox-banner" role="note" data-testid="layout.sandbox-banner">
      <strong>{t('common:sandbox.label')}</strong> {t('common:sandbox.description')}
    </p>
  )
}
