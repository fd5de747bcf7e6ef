import { Link, useRouterState, type NotFoundRouteProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { isInvalidParams } from '../routes/params'

/**
 * 404. An unmatched path says "Page not found: {path}" with the path as typed; a path that
 * matched a route whose params failed validation says "Page Not Found".
 */
export function NotFoundPage({ data }: Partial<NotFoundRouteProps>) {
  const { t } = useTranslation()
  const publicHref = useRouterState({ select: (s) => s.location.publicHref })
  const path = safeDecode(publicHref.split(/[?#]/)[0] ?? '/')
  const invalid = isInvalidParams(data)
  return (
    <section className="page page--center" data-testid="page.not-found">
      <p className="page__code" aria-hidden="true">
        {t('errorPages:notFound.code')}
      </p>
      <h1 className="page__title page__title--wrap" data-testid="page.title">
        {invalid ? t('errorPages:notFound.invalid') : t('errorPages:notFound.unmatched', { path })}
      </h1>
      <p className="page__lead">{t('errorPages:notFound.text')}</p>
      <Link to="/" className="button button--primary" data-testid="not-found.home-link">
        {t('errorPages:page.home')}
      </Link>
    </section>
  )
}

/** Shows `/кейсы` rather than its percent-encoding; a malformed escape is shown as it came. */
function safeDecode(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}
