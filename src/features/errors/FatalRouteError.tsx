import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { handleFatalError } from './fatal'

/**
 * The router's error component: a route that throws while loading or rendering sends the player
 * to /error?errorCode=500, or reloads the page when the route's code is gone after a deploy
 * (`handleFatalError`). On /error itself it only shows a static line, so nothing loops.
 */
export function FatalRouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const { t } = useTranslation()
  useEffect(() => {
    console.error('[routes] route error:', error)
    handleFatalError(router, error)
  }, [error, router])
  return (
    <p role="alert" className="fatal-fallback">
      {t('errorPages:fatal.fallback')}
    </p>
  )
}
