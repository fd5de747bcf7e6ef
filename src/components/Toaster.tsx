import { useTranslation } from 'react-i18next'
import { useToasts } from '../stores/toasts'
import { CloseIcon } from './icons'
import { SupportLink } from '../features/support/SupportLink'

/**
 * Renders the toast store. The region is a polite live region, so screen readers announce each
 * toast without stealing focus; errors are alerts.
 */
export function Toaster() {
  const { t } = useTranslation()
  const toasts = useToasts((s) => s.toasts)
  const dismiss = useToasts((s) => s.dismiss)
  return (
    <div className="toaster" aria-live="polite" data-testid="toaster">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}${toast.leaving ? ' toast--leaving' : ''}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast.${toast.kind}`}
        >
          <div className="toast__body">
            <p className="toast__title">{toast.title}</p>
            {toast.lines?.map((line, i) => (
              <p className="toast__line" key={i}>
                {line}
              </p>
            ))}
            {toast.action === 'support' && <SupportLink testId="toast.support" />}
          </div>
          <button
            type="button"
            className="icon-button toast__close"
            aria-label={t('common:actions.close')}
            onClick={() => dismiss(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  )
}
