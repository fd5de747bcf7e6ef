import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { initI18n } from '../../i18n'
import { PhoneInput } from './PhoneInput'

beforeAll(async () => {
  await initI18n('en')
})

function Harness({ initial = '', spy }: { initial?: string; spy: (v: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <label htmlFor="p">Phone</label>
      <PhoneInput
        id="p"
        value={value}
        testId="t.phone"
        onChange={(next) => {
          spy(next)
          setValue(next)
        }}
      />
    </>
  )
}

describe('PhoneInput', () => {
  it('formats typing through the +7 mask and reports E.164', async () => {
    const spy = vi.fn()
    render(<Harness spy={spy} />)
    const input = screen.getByLabelText('Phone') as HTMLInputElement
    await userEvent.type(input, '9991234567')
    expect(input.value).toBe('(999) 123 45 67')
    expect(spy).toHaveBeenLastCalledWith('+79991234567')
    // Typing past the mask changes nothing.
    await userEvent.type(input, '8')
    expect(spy).toHaveBeenLastCalledWith('+79991234567')
  })

  it('deletes the digit before a literal on Backspace, and reports empty as ""', async () => {
    const spy = vi.fn()
    render(<Harness initial="+7999123" spy={spy} />)
    const input = screen.getByLabelText('Phone') as HTMLInputElement
    expect(input.value).toBe('(999) 123')
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}')
    expect(input.value).toBe('(999')
    await userEvent.clear(input)
    expect(spy).toHaveBeenLastCalledWith('')
  })

  it('switches to +375 and its mask, and reads a pasted international number', async () => {
    const spy = vi.fn()
    render(<Harness spy={spy} />)
    await userEvent.selectOptions(screen.getByTestId('t.phone-country'), '+375')
    const input = screen.getByLabelText('Phone') as HTMLInputElement
    await userEvent.type(input, '291234567')
    expect(input.value).toBe('(29) 123 45 67')
    expect(spy).toHaveBeenLastCalledWith('+375291234567')
    expect(screen.getByRole('combobox', { name: 'Country code' })).toBeTruthy()
  })

  it('takes a pasted +7 number whole', async () => {
    const spy = vi.fn()
    render(<Harness spy={spy} />)
    const input = screen.getByLabelText('Phone') as HTMLInputElement
    input.focus()
    await userEvent.paste('+7 (999) 123-45-67')
    expect(input.value).toBe('(999) 123 45 67')
    expect(spy).toHaveBeenLastCalledWith('+79991234567')
  })
})
