import { useTranslation } from 'react-i18next'

import { DEFAULT_CURRENCY, formatMoney } from '../../../games/engine/money'
import type { ModalBodyProps } from '../modals/slots'
import { useSession } from '../../stores/session'
import { useMoneyLocale } from './messages'
import './payin.css'

/**
 * The body of the SuccessPayment modal: the deposit arrived. The balance is the session
 * store's, which the PayIn flow refreshes from GET /profile/user as this opens.
 */
export function SuccessPaymentBody({ close }: ModalBodyProps) {
  const { t } = useTranslation()
  const locale = useMoneyLocale()
  const user = useSession((s) => s.user)
  return (
    <div className="payin-state payin-success" data-testid="payin.success">
      <p className="payin-success__message">{t('payin:success.message')}</p>
      {user && (
        <p role="status" data-testid="payin.success-balance">
          {t('payin:success.balance', {
            amount: formatMoney(user.balance, user.currency ?? DEFAULT_CURRENCY, locale),
          })}
        </p>
      )}
      <button
        type="button"
        className="button button--primary auth-form__submit"
        onClick={close}
        data-testid="payin.success-ok"
      >
        {t('payin:success.ok')}
      </button>
    </div>
  )
}
