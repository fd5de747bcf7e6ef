import { useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import {
  PASSWORD_MIN,
  type NewPassword,
  type ResetField,
  type ResetFieldErrors,
  type ResetMessage,
} from '../../flows/passwordReset.fields'
import { FieldErrors, FormAlert, fieldProps, useFocusFirstInvalid } from './FormParts'
import { useResetMessageText } from './messages'

/** What the new-password form shows and reports. */
export interface NewPasswordFormProps {
  readonly fieldErrors: ResetFieldErrors
  readonly formError: ResetMessage | null
  readonly failures: number
  readonly submitting: boolean
  readonly onSubmit: (input: NewPassword) => void
  readonly onEdit: (field: ResetField) => void
  /** Test id prefix: `password-reset` or `reset-password`. */
  readonly testId: string
}

/**
 * The last step of both resets: a new password typed twice. Native form semantics: labelled
 * inputs, Enter submits, messages tied to their input, the button disabled while saving.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const { t } = useTranslation()
  const text = useResetMessageText()
  const id = useId()
  const form = useFocusFirstInvalid(props.failures)
  const { testId } = props
  const messages = (field: ResetField) => (props.fieldErrors[field] ?? []).map(text)
  const password = fieldProps(
    id,
    'password',
    messages('password'),
    () => props.onEdit('password'),
    `${testId}.password`,
  )
  const confirm = fieldProps(
    id,
    'password_confirm',
    messages('passwordConfirm'),
    () => props.onEdit('passwordConfirm'),
    `${testId}.password-confirm`,
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    props.onSubmit({
      password: String(data.get('password') ?? ''),
      passwordConfirm: String(data.get('password_confirm') ?? ''),
    })
  }

  return (
    <form
      ref={form}
      className="auth-form reset-form"
      noValidate
      aria-busy={props.submitting}
      onSubmit={onSubmit}
      data-testid={`${testId}.new-password-form`}
    >
      <p className="reset-form__hint">{t('password:newPassword.lead', { min: PASSWORD_MIN })}</p>
      <div className="field">
        <label className="field__label" htmlFor={password.input.id}>
          {t('password:newPassword.password')}
        </label>
        <input type="password" autoComplete="new-password" {...password.input} />
        <FieldErrors
          id={password.errorId}
          messages={messages('password')}
          testId={`${testId}.password-error`}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={confirm.input.id}>
          {t('password:newPassword.confirm')}
        </label>
        <input type="password" autoComplete="new-password" {...confirm.input} />
        <FieldErrors
          id={confirm.errorId}
          messages={messages('passwordConfirm')}
          testId={`${testId}.password-confirm-error`}
        />
      </div>
      <FormAlert
        text={props.formError ? text(props.formError) : null}
        testId={`${testId}.form-error`}
      />
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={props.submitting}
        data-testid={`${testId}.save`}
      >
        {props.submitting ? t('password:newPassword.submitting') : t('password:newPassword.submit')}
      </button>
    </form>
  )
}
