import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { openSupport } from './widget'
import './support.css'

/**
 * A "contact support" link that opens the support chat: used alone, or as the `<support>` tag of
 * a translated text (`<Trans components={{ support: <SupportLink /> }}>`), whose words it then shows.
 */
export function SupportLink({
  children,
  testId,
  onOpen,
}: {
  children?: ReactNode
  testId?: string
  /** Runs first (a modal closes, so the chat is not behind it). */
  onOpen?: () => void
}) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className="support-link"
      onClick={() => {
        onOpen?.()
        openSupport()
      }}
      data-testid={testId ?? 'support.link'}
    >
      {children ?? t('support:link')}
    </button>
  )
}
