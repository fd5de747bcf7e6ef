import { useMatch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/** The <h1> of a profile page: its route's title (SPEC.md section 2 table, src/routes/table.ts). */
export function PageTitle() {
  const { t } = useTranslation()
  const { titleKey } = useMatch({ strict: false }).staticData
  return (
    <h1 className="page__title" data-testid="page.title">
      {titleKey ? t(titleKey) : null}
    </h1>
  )
}
