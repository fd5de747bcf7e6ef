import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '../api/protocol'
import { App } from '../App'
import { initI18n } from '../i18n'
import { createAppRouter } from '../routes/router'
import { useSession } from '../stores/session'

const user = {
  id: 7,
  name: 'Aigerim',
  email: 'a@example.com',
  phone: null,
  balance: 123456,
  bonus: 0,
  bonus_balance: 5000,
  total_balance: 128456,
  currency: 'KZT',
  locale: 'kz',
  timezone: null,
  image: { small: null },
  register_method: 'email',
  is_phone_verified: false,
  is_email_verified: true,
  is_password_exists: true,
  premium: { status: false },
  is_avatar_hidden: false,
  is_statistics_hidden: false,
  verification: { is_need: false, data: null },
  features: [],
  region: 'KZ',
} as unknown as User

beforeAll(async () => {
  await initI18n('ru')
})
afterEach(() => act(() => useSession.getState().clear()))

async function renderApp(href: string) {
  const router = createAppRouter('ru', createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  await screen.findByRole('heading', { level: 1 })
  return router
}

describe('header', () => {
  it('offers log-in and sign-up to visitors, as links that add the query flag', async () => {
    await renderApp('/ru/top?promo=x')
    expect(screen.getByTestId('header.login-button').getAttribute('href')).toBe(
      '/ru/top?promo=x&login=',
    )
    expect(screen.getByTestId('header.register-button').textContent).toBe('Регистрация')
    expect(screen.queryByTestId('header.balance')).toBeNull()
    expect(screen.queryByTestId('header.logout-button')).toBeNull()
  })

  it('shows the balance in the user currency and the avatar for a signed-in user', async () => {
    act(() => useSession.getState().setUser(user))
    await renderApp('/ru/bonuses')
    expect(screen.queryByTestId('header.login-button')).toBeNull()
    const balance = screen.getByTestId('header.balance')
    expect(balance.textContent?.replace(/\s/g, ' ')).toContain('1 234,56 ₸')
    expect(screen.getByTestId('header.avatar').textContent).toContain('A')
    expect(screen.getByTestId('header.logout-button').textContent).toBe('Выйти')
    const tipId = screen.getByTestId('header.balance').getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(tipId)?.textContent?.replace(/\s/g, ' ')).toContain('50,00 ₸')
  })

  it('marks the current section and renders the page heading and layout', async () => {
    await renderApp('/ru/bonuses')
    expect(screen.getByTestId('header.nav-bonuses').getAttribute('data-status')).toBe('active')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Бонусы')
    expect(screen.getByTestId('layout.footer')).toBeTruthy()
    expect(document.title).toBe('Бонусы — Tessera')
  })
})
