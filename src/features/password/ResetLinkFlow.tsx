import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { PasswordResetLinkMachine } from '../../flows/passwordResetLink.machine'
import { FormAlert } from './FormParts'
import { useResetMessageText } from './messages'
import { NewPasswordForm } from './NewPasswordForm'
import '../session/form.css'
import './password.css'

/**
 * A reset from the mailed link, driven by a link machine: the token check, then the new
 * password, or a clear message with a way to ask for a new link when the token is unusable.
 */
export function ResetLinkFlow({
  machine,
  token,
}: {
  machine: PasswordResetLinkMachine
  token: string
}) {
  const { t } = useTranslation()
  const text = useResetMessageText()
  const [snapshot, send] = useMachine(machine, { input: { token } })
  const { context } = snapshot
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'form'

  return (
    <div className="reset-page__card" data-testid="reset-password.flow" data-step={state}>
      {state === 'checking' && (
        <p role="status" className="reset-form__hint" data-testid="reset-password.checking">
          {t('password:link.checking')}
        </p>
      )}
      {state === 'checkFailed' && (
        <div className="reset-form">
          <FormAlert
            text={context.formError ? text(context.formError) : null}
            testId="reset-password.form-error"
          />
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'RETRY' })}
            data-testid="reset-password.retry"
          >
            {t('password:retry')}
          </button>
        </div>
      )}
      {state === 'form' && (
        <NewPasswordForm
          fieldErrors={context.fieldErrors}
          formError={context.formError}
          failures={context.failures}
          submitting={snapshot.matches({ form: 'resetting' })}
          onSubmit={(input) => send({ type: 'RESET', input })}
          onEdit={(field) => send({ type: 'EDIT', field })}
          testId="reset-password"
        />
      )}
      {state === 'invalid' && (
        <div className="reset-form" data-testid="reset-password.invalid">
          <p role="alert" className="reset-form__problem">
            {t('password:link.invalid')}
          </p>
          <p className="reset-form__hint">{t('password:link.invalidHelp')}</p>
          <Link
            to="/password/reset"
            className="button button--primary"
            data-testid="reset-password.restart-link"
          >
            {t('password:link.restart')}
          </Link>
        </div>
      )}
      {state === 'done' && (
        <p role="status" data-testid="reset-password.done">
          {t('password:done')}
        </p>
      )}
    </div>
  )
}
