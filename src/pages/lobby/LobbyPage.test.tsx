import { createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { App } from '../../App'
import { initI18n, loadLocale } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { ContentPage } from '../ContentPage'
import { PLAYABLE_GAMES } from './playableGames'

beforeAll(async () => {
  await initI18n('kz')
})
afterEach(cleanup)

async function renderApp(href: string) {
  const router = createAppRouter('kz', createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  await screen.findByRole('heading', { level: 1 })
  return router
}

describe('lobby', () => {
  it('lists crash with a link to play it, in the current language', async () => {
    await renderApp('/kz')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Лобби')
    const crash = screen.getByTestId('lobby.game-crash')
    expect(within(crash).getByRole('heading', { level: 2 }).textContent).toBe('Краш')
    const play = screen.getByTestId('lobby.play-crash')
    expect(play.getAttribute('href')).toBe('/kz/games/crash')
    expect(play.textContent).toBe('Краш ойнау')
  })

  it("words each game's call to action as its own sentence, declined where the grammar needs it", async () => {
    await i18next.changeLanguage('ru')
    try {
      await loadLocale('ru')
      await renderApp('/kz')
      expect(screen.getByTestId('lobby.play-roulette').textContent).toBe('Играть в рулетку')
      expect(screen.getByTestId('lobby.play-dice').textContent).toBe('Играть в кости')
    } finally {
      await i18next.changeLanguage('kz')
    }
  })

  it('lists only games whose page is built, never a placeholder', async () => {
    const router = await renderApp('/kz')
    const links = within(screen.getByTestId('lobby.games')).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      PLAYABLE_GAMES.map((game) => `/kz${game.to}`),
    )
    for (const game of PLAYABLE_GAMES) {
      const match = router.matchRoutes(game.to).at(-1)
      expect(match?.staticData.routeId, game.to).toBe(game.id)
      expect(match?.staticData.game, game.to).toBe(true)
      expect(router.routesById[match!.routeId]?.options.component, game.to).not.toBe(ContentPage)
    }
  })

  it('sends a player from a placeholder page back to the lobby', async () => {
    await renderApp('/kz/games/slots')
    expect(screen.getByTestId('page.lobby-link').getAttribute('href')).toBe('/kz')
  })
})
