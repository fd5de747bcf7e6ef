import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import Cookies from 'js-cookie'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { App } from '../../App'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { CONSENT_COOKIE, isAllowed, useConsent } from './consent'

beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => {
  Cookies.remove(CONSENT_COOKIE, { path: '/' })
  act(() => useConsent.setState({ choice: null, editing: false }))
})

async function renderApp() {
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: ['/faq'] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  return userEvent.setup()
}

const banner = () => screen.queryByRole('region', { name: 'Cookies on this site' })

describe('consent banner', () => {
  it('asks a player who has not chosen, in a labelled region, and Accept all allows both', async () => {
    const user = await renderApp()
    await screen.findByRole('region', { name: 'Cookies on this site' })
    await user.click(within(banner()!).getByRole('button', { name: 'Accept all' }))
    expect(banner()).toBeNull()
    expect(isAllowed('analytics')).toBe(true)
    expect(isAllowed('marketing')).toBe(true)
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1.a1.m1')
  })

  it('Necessary only allows neither', async () => {
    const user = await renderApp()
    await user.click(await screen.findByRole('button', { name: 'Necessary only' }))
    expect(banner()).toBeNull()
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1.a0.m0')
  })

  it('chooses per category with the keyboard', async () => {
    const user = await renderApp()
    ;(await screen.findByRole('button', { name: 'Choose' })).focus()
    await user.keyboard('{Enter}')
    const analytics = screen.getByRole('checkbox', { name: /Analytics/ })
    expect((screen.getByRole('checkbox', { name: /Necessary/ }) as HTMLInputElement).disabled).toBe(
      true,
    )
    analytics.focus()
    await user.keyboard(' ')
    expect((analytics as HTMLInputElement).checked).toBe(true)
    screen.getByRole('button', { name: 'Save my choice' }).focus()
    await user.keyboard('{Enter}')
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1.a1.m0')
    expect(banner()).toBeNull()
  })

  it('reopens from the footer with the choice so far, focused, and Escape keeps the choice', async () => {
    act(() => useConsent.getState().choose({ analytics: false, marketing: true }))
    const user = await renderApp()
    expect(banner()).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }))
    await waitFor(() => expect(document.activeElement).toBe(banner()))
    expect((screen.getByRole('checkbox', { name: /Marketing/ }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect((screen.getByRole('checkbox', { name: /Analytics/ }) as HTMLInputElement).checked).toBe(
      false,
    )
    await user.keyboard('{Escape}')
    expect(banner()).toBeNull()
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1.a0.m1')
  })
})
