import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useModals } from '../../stores/modals'

/**
 * "Forgot password?" for the Login modal: goes to /password/reset and closes the modal on the
 * way, so the page is not hidden behind it.
 */
export function ForgotPasswordLink() {
  const { t } = useTranslation()
  return (
    <Link
      to="/password/reset"
      className="forgot-password-link"
      onClick={() => useModals.getState().close()}
      data-testid="login.forgot-password"
    >
      {t('password:forgot')}
    </Link>
  )
}
