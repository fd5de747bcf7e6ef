import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'

import { App } from '../../App'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { registerModalBody } from '../modals/slots'
import { startModalUrlSync } from '../modals/urlSync'
import { startApi } from '../session/api'
import { ForgotPasswordLink } from './ForgotPasswordLink'

beforeAll(async () => {
  await initI18n('ru')
  // The reset page creates its machine with the app's client; nothing is sent in this test.
  startApi({ VITE_API_URL: 'http://127.0.0.1:9/api' }, window.location)
  registerModalBody('Login', () => <ForgotPasswordLink />)
})

describe('the "Forgot password?" link of the Login modal', () => {
  it('closes the modal opened by ?login and lands on /password/reset in the same language', async () => {
    const router = createAppRouter('ru', createMemoryHistory({ initialEntries: ['/ru/top?login'] }))
    const stop = startModalUrlSync(router)
    await router.load()
    render(<App router={router} i18n={i18next} />)
    await waitFor(() => expect(useModals.getState().current).toBe('Login'))
    const link = await screen.findByTestId('login.forgot-password')
    expect(link.textContent).toBe('Забыли пароль?')
    expect(link.getAttribute('href')).toBe('/ru/password/reset')
    await userEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/password/reset'))
    expect(useModals.getState().current).toBeNull()
    // The flag's clean-up navigation must not win over the link's.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(router.state.location.pathname).toBe('/password/reset')
    expect(router.state.location.search).toEqual({})
    stop()
  })
})
