import { Link, useMatch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * A route of the specification whose section is not built on this site: its title, one line
 * saying what is (and is not) here today, both from the route's static data (the line
 * interpolates the path params), and the way to the lobby, where the playable games are.
 */
export function ContentPage() {
  const { t } = useTranslation()
  const match = useMatch({ strict: false })
  const { titleKey, descriptionKey, routeId } = match.staticData
  const params = match.params as Record<string, string>
  return (
    <section className="page" data-testid={`page.${routeId ?? 'content'}`}>
      <h1 className="page__title" data-testid="page.title">
        {titleKey ? t(titleKey) : null}
      </h1>
      {descriptionKey ? <p className="page__lead">{t(descriptionKey, params)}</p> : null}
      <Link to="/" className="button button--ghost" data-testid="page.lobby-link">
        {t('pages:placeholder.toLobby')}
      </Link>
    </section>
  )
}
