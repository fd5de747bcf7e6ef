import { createMemoryHistory } from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { App } from '../App'
import { changeLocale, initI18n } from '../i18n'
import { createAppRouter } from '../routes/router'
import { ROUTES } from '../routes/table'
import ruPages from '../../locales/ru/pages.json'
import kzErrors from '../../locales/kz/errorPages.json'
import ruSeo from '../../locales/ru/seo.json'

beforeAll(async () => {
  await initI18n('ru')
})

async function renderApp(href: string, locale: 'ru' | 'kz' = 'ru') {
  cleanup()
  await act(() => changeLocale(locale))
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  await screen.findByRole('heading', { level: 1 })
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content

describe('root layout', () => {
  it('gives every route a meta description of its own', () => {
    const keys = ROUTES.map((r) => r.metaKey)
    expect(keys.every((k) => k.length > 0)).toBe(true)
    // Two routes share one only where they show one document (the user agreement in en and ru).
    expect(new Set(keys).size).toBe(ROUTES.length - 1)
  })

  it('sets the meta description of the page in its language, with its params', async () => {
    // A route with SEO texts (locales/<locale>/seo.json, issue 31) gets their description.
    await renderApp('/ru/faq')
    await waitFor(() => expect(description()).toBe(ruSeo.faq.description))
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')?.content).toBe(
      ruSeo.faq.keywords,
    )
    await renderApp('/ru/tournament/12')
    await waitFor(() =>
      expect(description()).toBe(ruPages.tournament.description.replace('{{id}}', '12')),
    )
    await renderApp('/kz/no/such/page', 'kz')
    await waitFor(() => expect(description()).toBe(kzErrors.code['404'].text))
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
  })
})
