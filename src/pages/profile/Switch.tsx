import { useId } from 'react'

/** Props of {@link Switch}. */
export interface SwitchProps {
  label: string
  hint?: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  testId: string
}

/** An on/off setting: a native checkbox with the switch role, its label and an optional hint. */
export function Switch({ label, hint, checked, disabled, onChange, testId }: SwitchProps) {
  const id = useId()
  return (
    <div className="profile-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="profile-switch__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        data-testid={testId}
      />
      <label htmlFor={id} className="profile-switch__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="profile-switch__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
