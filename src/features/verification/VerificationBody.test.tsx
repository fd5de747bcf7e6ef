import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'

import i18next from 'i18next'

import type { Api } from '../../api'
import type { VerificationStatus } from '../../../contract'
import { verificationMachine } from '../../flows/verification.machine'
import { App } from '../../App'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { registerModalBody } from '../modals/slots'
import { resetSandboxMode } from './sandboxMode'
import { createVerificationBody } from './VerificationBody'
import { testUser } from '../../test/users'

beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => {
  act(() => useModals.getState().close())
  act(() => useSession.getState().clear())
  resetSandboxMode()
})

const userWith = (status: VerificationStatus | null) =>
  testUser({
    name: 'Player',
    email: 'player@tessera.test',
    locale: 'en',
    verification: { is_need: true, data: status === null ? null : { status } },
  })

function setup(mode: 'sandbox' | 'production', afterAdvance: VerificationStatus) {
  const advance = vi.fn()
  const machine = verificationMachine.provide({
    actors: {
      advanceKyc: fromPromise(async () => {
        advance()
      }),
      // Like loadUser: the store gets the fresh user, and the machine its answer.
      refreshUser: fromPromise(async () => {
        const user = userWith(afterAdvance)
        useSession.getState().setUser(user)
        return user
      }),
    },
  })
  const api = {
    misc: { clientConfig: () => Promise.resolve({ mode, game_services: {} }) },
  } as unknown as Pick<Api, 'misc'>
  registerModalBody('Verification', createVerificationBody(machine, api))
  return { advance }
}

/** The app on /, with the Verification modal open (its body needs the router for links). */
async function openModal() {
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: ['/'] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  act(() => useModals.getState().open('Verification'))
  return await screen.findByTestId('verification.body')
}

describe('the Verification modal body', () => {
  it('shows the mapped phase, and in sandbox mode advances the reviewer', async () => {
    act(() => useSession.getState().setUser(userWith(null)))
    const { advance } = setup('sandbox', 'init')
    const body = await openModal()
    expect(body.getAttribute('data-phase')).toBe('start')
    expect(screen.getByTestId('verification.state').textContent).toContain('Not verified yet')
    await userEvent.click(await screen.findByTestId('verification.sandbox-advance'))
    expect(advance).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Under review')).toBeTruthy()
    expect(body.getAttribute('data-phase')).toBe('pending')
  })

  it('shows no sandbox control outside sandbox mode', async () => {
    act(() => useSession.getState().setUser(userWith('unverified')))
    setup('production', 'init')
    await openModal()
    expect(screen.getByText('Not confirmed')).toBeTruthy()
    // Let the config answer arrive: still nothing.
    await act(() => Promise.resolve())
    expect(screen.queryByTestId('verification.sandbox')).toBeNull()
  })

  it('follows the session: a visitor is asked to log in', async () => {
    act(() => useSession.getState().setUser(userWith('verified')))
    setup('production', 'verified')
    await openModal()
    expect(screen.getByText('Verified')).toBeTruthy()
    act(() => useSession.getState().clear())
    expect(screen.getByTestId('verification.body').getAttribute('data-phase')).toBe('signedOut')
    expect(screen.getByTestId('verification.login')).toBeTruthy()
  })
})
