import { act, fireEvent, render, screen } from '@testing-library/react'
import { lazy, type ReactElement } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../i18n'
import { useModals } from '../../stores/modals'
import { ModalHost } from './ModalHost'
import { registerModalBody } from './slots'

beforeAll(async () => {
  await initI18n('ru')
})
afterEach(() => act(() => useModals.setState({ current: null })))

describe('ModalHost', () => {
  it('opens a labelled dialog with the translated title and placeholder line', () => {
    render(<ModalHost />)
    const dialog = screen.getByTestId('modal.dialog')
    expect(dialog.hasAttribute('open')).toBe(false)
    act(() => useModals.getState().open('Register'))
    expect(dialog.hasAttribute('open')).toBe(true)
    const title = screen.getByRole('heading', { level: 2 })
    expect(title.textContent).toBe('Регистрация')
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id)
    expect(dialog.textContent).toContain('Это окно недоступно.')
  })

  it('moves focus inside and gives it back on close', () => {
    render(
      <>
        <button type="button">opener</button>
        <ModalHost />
      </>,
    )
    const opener = screen.getByText('opener')
    opener.focus()
    act(() => useModals.getState().open('Login'))
    expect(document.activeElement).toBe(screen.getByTestId('modal.close-button'))
    fireEvent.click(screen.getByTestId('modal.close-button'))
    expect(useModals.getState().current).toBeNull()
    expect(screen.getByTestId('modal.dialog').hasAttribute('open')).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape (the dialog cancel event)', () => {
    render(<ModalHost />)
    act(() => useModals.getState().open('PayIn'))
    fireEvent(screen.getByTestId('modal.dialog'), new Event('cancel', { cancelable: true }))
    expect(useModals.getState().current).toBeNull()
  })

  it('renders a registered body in the slot', () => {
    registerModalBody('Verification', ({ close }) => (
      <button type="button" onClick={close}>
        custom body
      </button>
    ))
    render(<ModalHost />)
    act(() => useModals.getState().open('Verification'))
    fireEvent.click(screen.getByText('custom body'))
    expect(useModals.getState().current).toBeNull()
  })

  it('shows a loading line while a lazy body loads, then the body', async () => {
    let resolve: (m: { default: () => ReactElement }) => void = () => {}
    const loaded = new Promise<{ default: () => ReactElement }>((r) => {
      resolve = r
    })
    registerModalBody(
      'SuccessPayment',
      lazy(() => loaded),
    )
    render(<ModalHost />)
    act(() => useModals.getState().open('SuccessPayment'))
    expect(screen.getByRole('status').textContent).toBe('Загрузка…')
    await act(async () => {
      resolve({ default: () => <p>lazy body</p> })
      await loaded
    })
    expect(await screen.findByText('lazy body')).toBeTruthy()
  })
})
