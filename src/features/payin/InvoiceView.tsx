import { useTranslation } from 'react-i18next'

import { formatMoney, type Currency } from '../../../games/engine/money'
import type { DepositProcessConfig, Minor } from '../../../contract'
import type { PayInEvent } from '../../flows/payIn.machine'
import { useMoneyLocale } from './messages'

interface Props {
  readonly invoice: DepositProcessConfig
  readonly currency: Currency
  readonly send: (event: PayInEvent) => void
}

/**
 * The invoice waiting for its payment: the amount (and a notice when the provider changed it),
 * the fee, the card or phone to pay to, the provider's payment page and a live status line. The
 * machine polls the status; this view only shows it.
 */
export function InvoiceView({ invoice, currency, send }: Props) {
  const { t } = useTranslation()
  const locale = useMoneyLocale()
  const money = (amount: Minor) => formatMoney(amount, currency, locale)
  const { card_number: card, phone_number: phone } = invoice.card

  return (
    <div className="payin-invoice" data-testid="payin.invoice" data-invoice-id={invoice.id}>
      <p className="payin-invoice__amount" data-testid="payin.invoice-amount">
        {t('payin:invoice.title', { amount: money(invoice.amount) })}
      </p>
      {invoice.sum_was_changed && (
        <p className="payin-invoice__notice" role="status" data-testid="payin.sum-changed">
          {t('payin:invoice.sumChanged', { amount: money(invoice.amount) })}
        </p>
      )}
      {invoice.commission > 0 && (
        <p className="payin-invoice__muted" data-testid="payin.invoice-commission">
          {t('payin:invoice.commission', {
            commission: money(invoice.commission),
            credited: money(invoice.shop_amount),
          })}
        </p>
      )}
      {(card || phone) && (
        <dl className="payin-invoice__details">
          {card && (
            <div>
              <dt>{t('payin:invoice.card')}</dt>
              <dd data-testid="payin.invoice-card">{card}</dd>
            </div>
          )}
          {phone && (
            <div>
              <dt>{t('payin:invoice.phone')}</dt>
              <dd data-testid="payin.invoice-phone">{phone}</dd>
            </div>
          )}
        </dl>
      )}
      <a
        className="button button--primary payin-invoice__pay"
        href={invoice.payment_url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="payin.pay-link"
      >
        {t('payin:invoice.pay')}
        <span className="visually-hidden">{t('payin:invoice.newWindow')}</span>
      </a>
      <p className="payin-invoice__status" role="status" data-testid="payin.invoice-status">
        {t('payin:invoice.waiting')}
      </p>
      <p className="payin-invoice__muted">
        {t('payin:invoice.lifetime', { minutes: Math.ceil(invoice.life_time / 60) })}
      </p>
      <button
        type="button"
        className="button button--ghost payin-invoice__new"
        onClick={() => send({ type: 'NEW_DEPOSIT' })}
        data-testid="payin.new-deposit"
      >
        {t('payin:invoice.newDeposit')}
      </button>
    </div>
  )
}
