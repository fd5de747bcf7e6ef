import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { createElement, type ComponentType } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../i18n'
import { createAppRouter } from '../routes/router'
import { ROUTES } from '../routes/table'

beforeAll(async () => {
  await initI18n('ru')
})

describe("a game route's pending state", () => {
  it('is set on every game route, and says the game is loading under its title', () => {
    const router = createAppRouter('ru', createMemoryHistory())
    const routes = Object.values(router.routesById) as AnyRoute[]
    const games = ROUTES.filter((entry) => entry.game)
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(['crash', 'dice', 'roulette']))
    for (const entry of games) {
      const route = routes.find((r) => r.options.staticData?.routeId === entry.id)
      expect(route?.options.pendingComponent, entry.id).toBeDefined()
    }
    const dice = routes.find((r) => r.options.staticData?.routeId === 'dice')!
    render(createElement(dice.options.pendingComponent as ComponentType))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Кости')
    expect(screen.getByRole('status').textContent).toBe('Загрузка…')
  })

  it('is not set on a page that is not a game', () => {
    const router = createAppRouter('ru', createMemoryHistory())
    const routes = Object.values(router.routesById) as AnyRoute[]
    const faq = routes.find((r) => r.options.staticData?.routeId === 'faq')
    expect(faq).toBeDefined()
    expect(faq!.options.pendingComponent).toBeUndefined()
  })
})
