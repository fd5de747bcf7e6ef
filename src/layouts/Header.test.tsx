import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { App } from '../App'
import { initI18n } from '../i18n'
import { ContentPage } from '../pages/ContentPage'
import { createAppRouter } from '../routes/router'
import { useSession } from '../stores/session'
import { testUser } from '../test/users'

const user = testUser({
  name: 'Aigerim',
  email: 'a@example.com',
  balance: 123456,
  bonus_balance: 5000,
  total_balance: 128456,
  currency: 'KZT',
  locale: 'kz',
  region: 'KZ',
})

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
    await renderApp('/ru')
    expect(screen.getByTestId('header.nav-lobby').getAttribute('data-status')).toBe('active')
    expect(screen.getByTestId('header.nav-crash').getAttribute('data-status')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Лобби')
    expect(screen.getByTestId('layout.footer')).toBeTruthy()
    // The route's SEO title (locales/ru/seo.json) once its texts are in (issue 31).
    await waitFor(() =>
      expect(document.title).toBe('Лобби Tessera: краш, дайс, рулетка, кено и кейсы'),
    )
  })

  it('links the lobby and the built games, and no page that is only a placeholder', async () => {
    const router = await renderApp('/ru/vip-club')
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ru',
      '/ru/games/crash',
      '/ru/games/dice',
      '/ru/games/roulette',
      '/ru/games/keno',
      '/ru/games/miner',
      '/ru/games/hilo',
      '/ru/games/coinflip',
      '/ru/games/cases',
      '/ru/games/rooms',
    ])
    expect(screen.getByTestId('header.nav-crash').textContent).toBe('Краш')
    for (const path of [
      '/',
      '/games/crash',
      '/games/dice',
      '/games/roulette',
      '/games/keno',
      '/games/miner',
      '/games/hilo',
      '/games/coinflip',
      '/games/cases',
      '/games/rooms',
      '/games/rooms/red',
    ]) {
      const match = router.matchRoutes(path).at(-1)
      expect(router.routesById[match!.routeId]?.options.component, path).not.toBe(ContentPage)
    }
  })

  it('names the logo and each language link with what they show first (WCAG 2.5.3)', async () => {
    await renderApp('/ru')
    expect(screen.getByTestId('header.logo').textContent).toBe('Tessera')
    for (const locale of ['en', 'ru', 'kz']) {
      const link = screen.getByTestId(`header.language-${locale}`)
      const shown = link.textContent ?? ''
      expect(shown).toMatch(/^[A-Z]{2}$/)
      expect(link.getAttribute('aria-label')?.startsWith(`${shown} (`), locale).toBe(true)
    }
    expect(screen.getByTestId('header.language-kz').getAttribute('aria-label')).toBe('KZ (Қазақша)')
  })
})
