import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '../../../contract'
import { App } from '../../App'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { registerModalBody } from '../modals/slots'
import { startModalUrlSync } from '../modals/urlSync'
import { startApi } from '../session/api'
import { verificationWanted } from './VerificationCard'
import { testUser } from '../../test/users'

type Verification = User['verification']

const user = testUser({
  balance: 100_00,
  total_balance: 100_00,
  timezone: 'UTC',
})

const withStatus = (is_need: boolean, status: string | null): Verification =>
  ({ is_need, data: status === null ? null : { status } }) as Verification

let stop: (() => void) | undefined

beforeAll(async () => {
  await initI18n('ru')
  // The profile page builds its API from the app's client; nothing is sent in these tests.
  startApi({ VITE_API_URL: 'http://127.0.0.1:9/api' }, window.location)
  registerModalBody('Verification', () => <p data-testid="verification.fake-body" />)
})
afterEach(() => {
  stop?.()
  stop = undefined
  act(() => {
    useModals.getState().close()
    useSession.getState().clear()
  })
})

async function profileWith(verification: Verification) {
  act(() => useSession.getState().setUser({ ...user, verification }))
  const router = createAppRouter('ru', createMemoryHistory({ initialEntries: ['/profile'] }))
  stop = startModalUrlSync(router)
  await router.load()
  render(<App router={router} i18n={i18next} />)
  return { router, card: await screen.findByTestId('profile.verification') }
}

describe('whether the player is asked to verify', () => {
  it('follows is_need, and a failed review (failed, unverified) asks again', () => {
    expect(verificationWanted(withStatus(true, null))).toBe(true)
    expect(verificationWanted(withStatus(true, 'init'))).toBe(true)
    expect(verificationWanted(withStatus(false, null))).toBe(false)
    expect(verificationWanted(withStatus(false, 'pending'))).toBe(false)
    expect(verificationWanted(withStatus(false, 'verified'))).toBe(false)
    expect(verificationWanted(withStatus(false, 'failed'))).toBe(true)
    expect(verificationWanted(withStatus(false, 'unverified'))).toBe(true)
  })
})

describe('the verification block of /profile', () => {
  it.each([
    ['init', 'pending', 'На проверке'],
    ['waiting', 'pending', 'На проверке'],
    ['user_pending', 'pending', 'На проверке'],
    ['pending', 'pending', 'На проверке'],
    ['failed', 'failed', 'Не подтверждена'],
    ['unverified', 'failed', 'Не подтверждена'],
    ['success', 'success', 'Подтверждена'],
    ['verified', 'success', 'Подтверждена'],
  ])('shows %s as %s (SPEC.md section 4)', async (status, phase, word) => {
    const { card } = await profileWith(withStatus(false, status))
    expect(card.getAttribute('data-phase')).toBe(phase)
    expect(screen.getByTestId('profile.verification-status').textContent).toBe(word)
    // Only a failed review asks the player to act when the server does not require it.
    expect(screen.queryByTestId('profile.verify-button') !== null).toBe(phase === 'failed')
  })

  it('shows no button to a player nobody asks, and no status yet', async () => {
    const { card } = await profileWith(withStatus(false, null))
    expect(card.getAttribute('data-phase')).toBe('start')
    expect(screen.getByTestId('profile.verification-status').textContent).toBe('Не начата')
    expect(screen.queryByTestId('profile.verify-button')).toBeNull()
  })

  it('opens the Verification modal through the verification flag when it is needed', async () => {
    const { router } = await profileWith(withStatus(true, null))
    expect(screen.getByTestId('profile.verification').textContent).toContain(
      'Для вашего аккаунта нужна проверка личности.',
    )
    const button = screen.getByTestId('profile.verify-button')
    expect(button.textContent).toBe('Подтвердить личность')
    expect(button.getAttribute('href')).toBe('/ru/profile?verification=')
    await userEvent.click(button)
    await waitFor(() => expect(useModals.getState().current).toBe('Verification'))
    expect(await screen.findByTestId('verification.fake-body')).toBeTruthy()

    // Closing takes the flag away, so Back does not reopen it.
    act(() => useModals.getState().close())
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(router.state.location.pathname).toBe('/profile')
  })

  it('follows the session user: a decision fetched elsewhere shows without a reload', async () => {
    await profileWith(withStatus(true, 'pending'))
    act(() =>
      useSession.getState().setUser({ ...user, verification: withStatus(false, 'verified') }),
    )
    await waitFor(() =>
      expect(screen.getByTestId('profile.verification').getAttribute('data-phase')).toBe('success'),
    )
    expect(screen.queryByTestId('profile.verify-button')).toBeNull()
  })
})
