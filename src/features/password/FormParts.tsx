import { useEffect, useRef, type RefObject } from 'react'

/** Messages under one input, tied to it through `id` (aria-describedby). */
export function FieldErrors({
  id,
  messages,
  testId,
}: {
  id: string
  messages: readonly string[]
  testId: string
}) {
  if (messages.length === 0) return null
  return (
    <ul id={id} className="field__errors" data-testid={testId}>
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </ul>
  )
}

/**
 * A message about the attempt as a whole. Always in the DOM, so assistive technology is
 * listening before a message arrives.
 */
export function FormAlert({ text, testId }: { text: string | null; testId: string }) {
  return (
    <div role="alert" className="auth-form__error" data-testid={testId}>
      {text}
    </div>
  )
}

/**
 * After each failed attempt the first input marked invalid takes focus, so a screen reader
 * reads its label and, through aria-describedby, its message. Keyed on the attempt count, not
 * the messages: a message going away while the player types must not move the focus.
 */
export function useFocusFirstInvalid(failures: number): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failures === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failures])
  return form
}

/** The props of one text field: ids, aria wiring and the edit notice. */
export function fieldProps(
  formId: string,
  name: string,
  messages: readonly string[],
  onEdit: () => void,
  testId: string,
) {
  const errorId = `${formId}-${name}-error`
  return {
    errorId,
    input: {
      id: `${formId}-${name}`,
      name,
      'aria-invalid': messages.length > 0,
      'aria-describedby': messages.length > 0 ? errorId : undefined,
      onChange: () => {
        if (messages.length > 0) onEdit()
      },
      'data-testid': testId,
      className: 'field__input',
    },
  }
}
