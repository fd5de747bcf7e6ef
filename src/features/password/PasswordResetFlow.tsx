import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { PasswordResetMachine } from '../../flows/passwordReset.machine'
import { CodeStep } from './CodeStep'
import { FormAlert } from './FormParts'
import { useResetMessageText } from './messages'
import { NewPasswordForm } from './NewPasswordForm'
import { RequestStep } from './RequestStep'
import '../session/form.css'
import './password.css'

/**
 * The steps of a reset by code, driven by a reset machine (the app's, or one with fake actors
 * in tests): address, code, new password, and the ends (expired, done).
 */
export function PasswordResetFlow({ machine }: { machine: PasswordResetMachine }) {
  const { t } = useTranslation()
  const text = useResetMessageText()
  const [snapshot, send] = useMachine(machine, { input: {} })
  const { context } = snapshot
  const step = stepOf(snapshot)

  return (
    <div className="reset-page__card" data-testid="password-reset.flow" data-step={step}>
      {(step === 'request' || step === 'requesting') && (
        <RequestStep context={context} submitting={step === 'requesting'} send={send} />
      )}
      {step === 'code' && (
        <CodeStep
          context={context}
          confirming={snapshot.matches({ code: { form: 'confirming' } })}
          resending={snapshot.matches({ code: { form: 'resending' } })}
          send={send}
        />
      )}
      {(step === 'checkingToken' || step === 'invalidToken') && (
        <p role="status" className="reset-form__hint">
          {t('password:phone.checking')}
        </p>
      )}
      {step === 'checkFailed' && (
        <div className="reset-form">
          <FormAlert
            text={context.formError ? text(context.formError) : null}
            testId="password-reset.form-error"
          />
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'RETRY' })}
            data-testid="password-reset.retry"
          >
            {t('password:retry')}
          </button>
        </div>
      )}
      {step === 'newPassword' && (
        <NewPasswordForm
          fieldErrors={context.fieldErrors}
          formError={context.formError}
          failures={context.failures}
          submitting={snapshot.matches({ newPassword: 'resetting' })}
          onSubmit={(input) => send({ type: 'RESET', input })}
          onEdit={(field) => send({ type: 'EDIT', field })}
          testId="password-reset"
        />
      )}
      {step === 'expired' && (
        <div className="reset-form" data-testid="password-reset.expired">
          <p role="alert">{t('password:expired')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'RESTART' })}
            data-testid="password-reset.restart"
          >
            {t('password:restart')}
          </button>
        </div>
      )}
      {step === 'done' && (
        <p role="status" data-testid="password-reset.done">
          {t('password:done')}
        </p>
      )}
    </div>
  )
}
type Step =
  | 'request'
  | 'requesting'
  | 'code'
  | 'checkingToken'
  | 'checkFailed'
  | 'newPassword'
  | 'expired'
  | 'invalidToken'
  | 'done'

/** The top-level state, which decides the step shown. */
function stepOf(snapshot: { value: unknown }): Step {
  const value = snapshot.value
  return (typeof value === 'string' ? value : Object.keys(value as object)[0]) as Step
}
