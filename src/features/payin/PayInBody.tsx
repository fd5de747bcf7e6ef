import { useState, type ComponentType } from 'react'
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { ModalBodyProps } from '../modals/slots'
import { selectedMethod } from '../../flows/payIn.machine'
import type { PayInActor } from './controller'
import { InvoiceView } from './InvoiceView'
import { usePayInText } from './messages'
import { PayInForm } from './PayInForm'
import './payin.css'

/**
 * The body of the PayIn modal for the flow `acquire` returns (the page's flow in the app, a
 * test's actor in tests): the methods loading, the form, the invoice, or why it ended unpaid.
 */
export function createPayInBody(acquire: () => PayInActor): ComponentType<ModalBodyProps> {
  return function PayInBody() {
    const { t } = useTranslation()
    // Once per mount: the flow may outlive this body (see controller.ts).
    const [actor] = useState(acquire)
    const snapshot = useSelector(actor, (s) => s)
    const { context } = snapshot
    const currency =
      selectedMethod(context)?.value.currency ?? context.methods[0]?.value.currency ?? 'RUB'
    const text = usePayInText(currency)

    if (snapshot.matches('loading') || snapshot.matches('paid')) {
      return (
        <p role="status" data-testid="payin.loading">
          {t('payin:loading')}
        </p>
      )
    }
    if (snapshot.matches('loadFailed') || snapshot.matches('unavailable')) {
      const failed = snapshot.matches('loadFailed')
      return (
        <div className="payin-state">
          <p role="alert" data-testid="payin.load-error">
            {failed ? t('payin:loadFailed') : t('payin:unavailable')}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'RETRY' })}
            data-testid="payin.retry"
          >
            {t('payin:retry')}
          </button>
        </div>
      )
    }
    if (snapshot.matches('invoice') && context.invoice) {
      return <InvoiceView invoice={context.invoice} currency={currency} send={actor.send} />
    }
    if (snapshot.matches('failed')) {
      return (
        <div className="payin-state">
          <p role="alert" className="payin-state__error" data-testid="payin.failed">
            {context.failure ? text(context.failure) : null}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'NEW_DEPOSIT' })}
            data-testid="payin.try-again"
          >
            {t('payin:failed.again')}
          </button>
        </div>
      )
    }
    return <PayInForm context={context} send={actor.send} busy={snapshot.matches('creating')} />
  }
}
