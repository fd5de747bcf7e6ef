import { useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'

import {
  applyMask,
  digitsOf,
  joinPhone,
  maskCapacity,
  PHONE_COUNTRIES,
  splitPhone,
  type PhoneCountry,
} from './mask'
import './phone.css'

/** Props of {@link PhoneInput}. */
export interface PhoneInputProps {
  /** The id of the text input, for the `<label htmlFor>` of the form that uses it. */
  readonly id: string
  /** The number in E.164 form (`+79991234567`), or '' when empty. */
  readonly value: string
  /** Called with the new E.164 number ('' when no digit is left). */
  readonly onChange: (e164: string) => void
  /** Marks the input invalid (aria-invalid) when its form shows a message about it. */
  readonly invalid?: boolean
  /** The id of the element holding that message. */
  readonly 'aria-describedby'?: string
  /** Form field name; defaults to `phone`. */
  readonly name?: string
  /** Dotted test id of the text input; the country select gets `<testId>-country`. */
  readonly testId?: string
  /** The text input, for a form that moves focus to it. */
  readonly ref?: Ref<HTMLInputElement>
  readonly disabled?: boolean
}

/** The caret index just after the `count`-th digit of `formatted`. */
function caretAfterDigits(formatted: string, count: number): number {
  if (count === 0) return 0
  let seen = 0
  for (let i = 0; i < formatted.length; i += 1) {
    if (/[0-9]/.test(formatted[i] as string)) seen += 1
    if (seen === count) return i + 1
  }
  return formatted.length
}

/**
 * A phone number field with the masks of SPEC.md section 5: a dialling-code select (+7 for RU and
 * KZ, +375 for BY) and a text input formatted as the player types (`(999) 123 45 67`). The value
 * in and out is E.164, which is what the API takes. Deleting over a literal (a bracket or space)
 * deletes the digit before it, so Backspace never looks stuck.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { t } = useTranslation()
  const { id, value, onChange, invalid, name = 'phone', testId, ref, disabled } = props
  const parsed = splitPhone(value)
  // The chosen code survives an empty value (+375 with nothing typed yet is '' outside).
  const [chosen, setChosen] = useState<PhoneCountry>(parsed.country)
  const country = value === '' ? chosen : parsed.country
  const national = value === '' ? '' : parsed.national
  const formatted = applyMask(country.mask, national)
  const input = useRef<HTMLInputElement | null>(null)
  const caret = useRef<number | null>(null)

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return
    input.current.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value
    const at = event.target.selectionStart ?? next.length
    let digits = digitsOf(next)
    let before = digitsOf(next.slice(0, at)).length
    // A literal was deleted (same digits, shorter text): delete the digit in front of it instead.
    if (next.length < formatted.length && digits === digitsOf(formatted) && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before)
      before -= 1
    }
    // A pasted international number (+7 999...) keeps only its national part.
    const code = digitsOf(country.dial)
    if (next.trim().startsWith('+') && digits.startsWith(code)) digits = digits.slice(code.length)
    digits = digits.slice(0, maskCapacity(country.mask))
    caret.current = caretAfterDigits(
      applyMask(country.mask, digits),
      Math.min(before, digits.length),
    )
    onChange(joinPhone(country, digits))
  }

  return (
    <div className="phone-input">
      <select
        className="field__input phone-input__country"
        aria-label={t('auth:phone.country')}
        value={country.dial}
        disabled={disabled}
        data-testid={testId ? `${testId}-country` : undefined}
        onChange={(event) => {
          const next = PHONE_COUNTRIES.find((c) => c.dial === event.target.value)
          if (!next) return
          setChosen(next)
          onChange(joinPhone(next, national))
        }}
      >
        {PHONE_COUNTRIES.map((c) => (
          <option key={c.code} value={c.dial}>
            {c.dial}
          </option>
        ))}
      </select>
      <input
        ref={(element) => {
          input.current = element
          if (typeof ref === 'function') ref(element)
          else if (ref) ref.current = element
        }}
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className="field__input phone-input__number"
        placeholder={country.mask.replace(/[#_]/g, '0')}
        value={formatted}
        disabled={disabled}
        aria-invalid={invalid ?? false}
        aria-describedby={props['aria-describedby']}
        data-testid={testId}
        onChange={onInput}
      />
    </div>
  )
}
