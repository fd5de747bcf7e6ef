import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { modalFromSearch, startModalUrlSync, withoutModalFlags } from './urlSync'

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  stop = undefined
  useModals.setState({ current: null })
})

async function start(href: string) {
  const history = createMemoryHistory({ initialEntries: [href] })
  const router = createAppRouter('en', history)
  stop = startModalUrlSync(router)
  await router.load()
  return { router, history }
}

/** Lets the router finish a navigation started from a store subscription. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('modal store', () => {
  it('holds one modal at a time', () => {
    useModals.getState().open('Login')
    useModals.getState().open('PayIn')
    expect(useModals.getState().current).toBe('PayIn')
    useModals.getState().close()
    expect(useModals.getState().current).toBeNull()
  })
})

describe('query flags', () => {
  it('map signup, login and deposit to their modals, whatever the value', () => {
    expect(modalFromSearch({ signup: '' })).toBe('Register')
    expect(modalFromSearch({ login: 1 })).toBe('Login')
    expect(modalFromSearch({ deposit: 'yes' })).toBe('PayIn')
    expect(modalFromSearch({ promo: 'x' })).toBeNull()
    expect(withoutModalFlags({ login: '', promo: 'x', deposit: 1 })).toEqual({ promo: 'x' })
  })

  it('map verification to its modal and login=email to LoginByEmail', () => {
    expect(modalFromSearch({ verification: '' })).toBe('Verification')
    expect(modalFromSearch({ login: 'email' })).toBe('LoginByEmail')
    expect(modalFromSearch({ login: 'mail' })).toBe('Login')
    // The SPEC's flags come first: a log-in link that also asks for verification logs in first.
    expect(modalFromSearch({ verification: '', login: '' })).toBe('Login')
    expect(withoutModalFlags({ verification: '', login: 'email', promo: 'x' })).toEqual({
      promo: 'x',
    })
  })

  it('open LoginByEmail from /?login=email and take the flag away when it closes', async () => {
    const { router } = await start('/password/reset?login=email')
    expect(useModals.getState().current).toBe('LoginByEmail')
    useModals.getState().close()
    await settle()
    expect(router.state.location.pathname).toBe('/password/reset')
    expect(router.state.location.search).toEqual({})
  })

  it('let the Login modal give way to login=email, as a link inside it would ask', async () => {
    const { router } = await start('/?login')
    expect(useModals.getState().current).toBe('Login')
    await router.navigate({ to: '/', search: { login: 'email' } })
    expect(useModals.getState().current).toBe('LoginByEmail')
  })

  it('open the modal on load', async () => {
    await start('/bonuses?login')
    expect(useModals.getState().current).toBe('Login')
  })

  it('open the modal after a navigation that adds a flag', async () => {
    const { router } = await start('/')
    expect(useModals.getState().current).toBeNull()
    await router.navigate({ to: '/top', search: { deposit: 1 } })
    expect(useModals.getState().current).toBe('PayIn')
  })

  it('are removed from the URL, other params kept, when the modal closes', async () => {
    const { router, history } = await start('/top?signup=1&promo=abc')
    expect(useModals.getState().current).toBe('Register')
    const before = history.length
    useModals.getState().close()
    await settle()
    expect(router.state.location.pathname).toBe('/top')
    expect(router.state.location.search).toEqual({ promo: 'abc' })
    // Replaced, not pushed: Back must not reopen the modal.
    expect(history.length).toBe(before)
    expect(useModals.getState().current).toBeNull()
  })

  it('leave a follow-up modal alone while the flag is still in the URL', async () => {
    const { router } = await start('/?login')
    useModals.getState().open('LoginByEmail')
    await router.navigate({ to: '/', search: { login: '', page: 2 } })
    expect(useModals.getState().current).toBe('LoginByEmail')
  })
})
