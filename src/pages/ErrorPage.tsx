import { Link, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/** Texts per handled code; any other code gets the generic pair. */
const TEXTS: Record<number | 'generic', { title: string; text: string }> = {
  403: { title: 'errorPages:code.403.title', text: 'errorPages:code.403.text' },
  404: { title: 'errorPages:code.404.title', text: 'errorPages:code.404.text' },
  451: { title: 'errorPages:code.451.title', text: 'errorPages:code.451.text' },
  500: { title: 'errorPages:code.500.title', text: 'errorPages:code.500.text' },
  generic: { title: 'errorPages:code.generic.title', text: 'errorPages:code.generic.text' },
}

/** /error?errorCode=N: the target of fatal errors and of pages refused by the server. */
export function ErrorPage() {
  const { t } = useTranslation()
  const { errorCode } = useSearch({ strict: false }) as { errorCode?: number }
  const texts = (errorCode !== undefined && TEXTS[errorCode]) || TEXTS.generic
  return (
    <section className="page page--center" data-testid="page.error">
      {errorCode !== undefined && (
        <p className="page__code" aria-hidden="true">
          {errorCode}
        </p>
      )}
      <h1 className="page__title" data-testid="page.title">
        {t(texts.title)}
      </h1>
      <p className="page__lead">{t(texts.text)}</p>
      {errorCode !== undefined && (
        <p className="page__meta">{t('errorPages:page.code', { code: errorCode })}</p>
      )}
      <Link to="/" className="button button--primary" data-testid="error.home-link">
        {t('errorPages:page.home')}
      </Link>
    </section>
  )
}
