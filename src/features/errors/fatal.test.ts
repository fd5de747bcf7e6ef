import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '../../routes/router'
import { goToErrorPage, installGlobalErrorHandlers } from './fatal'

let uninstall: (() => void) | undefined
afterEach(() => {
  uninstall?.()
  vi.restoreAllMocks()
})

async function at(href: string, locale: 'en' | 'kz' = 'en') {
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  return router
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('fatal errors', () => {
  it('send the player to /error?errorCode=500 in the current locale', async () => {
    const router = await at('/kz/bonuses', 'kz')
    expect(goToErrorPage(router)).toBe(true)
    await settle()
    expect(router.state.location.pathname).toBe('/error')
    expect(router.state.location.search).toEqual({ errorCode: 500 })
    expect(router.history.location.pathname).toBe('/kz/error')
  })

  it('do not navigate again from /error itself', async () => {
    const router = await at('/error?errorCode=500')
    expect(goToErrorPage(router)).toBe(false)
  })

  it('are caught from window error and unhandledrejection events', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = await at('/top')
    uninstall = installGlobalErrorHandlers(router)
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }))
    await settle()
    expect(router.state.location.pathname).toBe('/error')

    const other = await at('/faq')
    uninstall()
    uninstall = installGlobalErrorHandlers(other)
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent
    Object.assign(rejection, { reason: new Error('lost promise') })
    window.dispatchEvent(rejection)
    await settle()
    expect(other.state.location.pathname).toBe('/error')
  })

  it('reload the page for a chunk that failed to load, and go to /error when the guard refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = await at('/faq')
    const reloads: boolean[] = []
    let allow = true
    uninstall = installGlobalErrorHandlers(router, () => {
      reloads.push(allow)
      return allow
    })
    const chunkGone = () => {
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent
      Object.assign(rejection, {
        reason: new TypeError(
          'Failed to fetch dynamically imported module: http://x/assets/dice-abc.js',
        ),
      })
      window.dispatchEvent(rejection)
    }
    chunkGone()
    await settle()
    expect(reloads).toEqual([true])
    expect(router.state.location.pathname).toBe('/faq')

    // Vite's preload error is cancelled only when the page reloads.
    const preload = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(preload)
    expect(preload.defaultPrevented).toBe(true)

    allow = false
    const refused = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(refused)
    expect(refused.defaultPrevented).toBe(false)
    chunkGone()
    await settle()
    expect(router.state.location.pathname).toBe('/error')
  })
})
