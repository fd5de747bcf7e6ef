import { useMatch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * A page whose content arrives with a later issue: its title and one line saying what it will
 * hold, both from the route's static data (the description interpolates the path params).
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
    </section>
  )
}
