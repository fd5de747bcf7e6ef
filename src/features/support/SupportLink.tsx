import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { openSupport } from './widget'
import './support.css'

/**
 * A "contact support" link that opens the support chat: used alone, or as the `<support>` tag of
 * a translated text (`<Trans components={{ support: <SupportLink /> }}>`), whose words it then shows.
 */
export function SupportLink({ children, testId }: { children?: ReactNode; testId?: string }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className="support-link"
      onClick={() => openSupport()}
      data-testid={testId ?? 'support.link'}
    >
      {children ?? t('support:link')}
    </button>
  )
}
