import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { initI18n } from '../../i18n'
import { UpdateNotice } from './UpdateNotice'
import { useAppUpdate } from './updateStore'

beforeAll(async () => {
  await initI18n('ru')
})
beforeEach(() => {
  useAppUpdate.setState({ available: null, dismissed: null })
})

describe('the update notice', () => {
  it('offers a reload once a newer client is deployed, and reloads only when asked', () => {
    let reloads = 0
    render(<UpdateNotice reload={() => reloads++} />)
    expect(screen.queryByTestId('update-notice')).toBeNull()

    act(() => useAppUpdate.getState().found('assets/index-2.js'))
    expect(screen.getByTestId('update-notice').textContent).toContain(
      'Готова новая версия Tessera.',
    )
    expect(reloads).toBe(0)
    fireEvent.click(screen.getByTestId('update-notice.reload'))
    expect(reloads).toBe(1)
  })

  it('stays away after Later until a newer build than the one dismissed', () => {
    render(<UpdateNotice reload={() => {}} />)
    act(() => useAppUpdate.getState().found('assets/index-2.js'))
    fireEvent.click(screen.getByTestId('update-notice.later'))
    expect(screen.queryByTestId('update-notice')).toBeNull()

    act(() => useAppUpdate.getState().found('assets/index-3.js'))
    expect(screen.getByTestId('update-notice')).toBeTruthy()
  })
})
