import { useTranslation } from 'react-i18next'

import { errorNotification, translateMessage } from '../../api'
import { RESET_TEXTS, type ResetMessage } from '../../flows/passwordReset.fields'
import { translateError } from '../session/api'

/**
 * Turns a reset machine's message into text in the current language: client checks from the
 * `password` namespace, server messages through the `errors` catalogue (`code: text`, SPEC.md
 * section 5), other failures as the error notification would word them.
 */
export function useResetMessageText(): (message: ResetMessage) => string {
  const { t } = useTranslation()
  return (message) => {
    switch (message.type) {
      case 'text':
        return t(message.key, message.values)
      case 'server':
        return translateMessage(message.message, translateError)
      case 'failure':
        return (
          errorNotification(message.failure, translateError)?.lines.join(' ') ??
          t(RESET_TEXTS.unexpected)
        )
      default: {
        const unknown: never = message
        throw new Error(`[password] unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }
}
