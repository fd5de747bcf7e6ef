import { useTranslation } from 'react-i18next'

import { formatMoney, type Currency, type MoneyLocale } from '../../../games/engine/money'
import { errorNotification, translateMessage } from '../../api'
import { PAYIN_TEXTS, type PayInMessage } from '../../flows/payIn.machine'
import { isLocale, DEFAULT_LOCALE } from '../../i18n/locales'
import { translateError } from '../session/api'

/** The interface language as money formatting knows it. */
export function useMoneyLocale(): MoneyLocale {
  const { i18n } = useTranslation()
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
}

/** Turns a PayIn message into text in the current language; amounts in `currency`. */
export function usePayInText(currency: Currency): (message: PayInMessage) => string {
  const { t } = useTranslation()
  const locale = useMoneyLocale()
  return (message) => {
    switch (message.type) {
      case 'text':
        return t(message.key)
      case 'limit':
        return t(message.key, {
          amount: formatMoney(message.limit, currency, locale, { trimWhole: true }),
        })
      case 'server':
        return translateMessage(message.message, translateError)
      case 'failure':
        return (
          errorNotification(message.failure, translateError)?.lines.join(' ') ??
          t(PAYIN_TEXTS.unexpected)
        )
      default: {
        const unknown: never = message
        throw new Error(`[PayIn] unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }
}
