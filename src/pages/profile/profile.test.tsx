import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { ApiError } from '../../api'
import {
  profileHistoryResponse,
  type ProfileHistoryResponse,
  type ProfileSessionsResponse,
  type User,
} from '../../../contract'
import { App } from '../../App'
import { ProfileApiContext, type ProfileApi } from '../../features/profile/api'
import { initI18n } from '../../i18n'
import { createAppRouter } from '../../routes/router'
import { useSession } from '../../stores/session'
import { useToasts } from '../../stores/toasts'
import { testUser } from '../../test/users'

const user = testUser({
  name: 'Aigerim Sadykova',
  email: 'a@example.com',
  balance: 123_456,
  bonus_balance: 5_000,
  total_balance: 128_456,
  locale: 'en',
  timezone: 'UTC',
  features: ['bonus_balances'],
})

const sessions: ProfileSessionsResponse = {
  data: [
    {
      id: 11,
      created_at: '2026-11-20T10:00:00.000Z',
      last_seen_at: '2026-11-22T05:00:00.000Z',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      ip: '127.0.0.1',
      current: true,
    },
    {
      id: 9,
      created_at: '2026-11-18T10:00:00.000Z',
      last_seen_at: '2026-11-19T10:00:00.000Z',
      user_agent: 'Mozilla/5.0 (Windows NT 10.0; rv:140.0) Gecko/20100101 Firefox/140.0',
      ip: '10.0.0.2',
      current: false,
    },
  ] as ProfileSessionsResponse['data'],
  previous_login_at: '2026-11-18T10:00:00.000Z',
}

function bet(
  id: string,
  round: string,
): Extract<ProfileHistoryResponse, { kind: 'bets' }>['data'][number] {
  return {
    game: 'crash',
    id,
    round_id: round,
    amount: 100_00,
    currency: 'RUB',
    multiplier: 250,
    payout: 250_00,
    status: 'won',
    created_at: '2026-11-21T12:00:00.000Z',
  } as Extract<ProfileHistoryResponse, { kind: 'bets' }>['data'][number]
}

function fakeApi(overrides: Partial<ProfileApi> = {}): ProfileApi {
  return {
    user: vi.fn(async () => ({ user, fresh_token: null, super_bonus: null })),
    updateSettings: vi.fn(async (patch) => ({
      success: true as const,
      user: { ...useSession.getState().user!, ...patch },
    })),
    updatePassword: vi.fn(async () => ({ success: true as const })),
    setPassword: vi.fn(async () => ({ success: true as const })),
    sessions: vi.fn(async () => sessions),
    revokeSession: vi.fn(async () => ({ success: true as const })),
    history: vi.fn(async () => ({ kind: 'bets' as const, data: [], next_cursor: null })),
    freeSpins: vi.fn(async () => ({ data: [] })),
    ...overrides,
  } as ProfileApi
}

beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => {
  act(() => {
    useSession.getState().clear()
    useToasts.setState({ toasts: [] })
  })
})

async function renderAt(href: string, api: ProfileApi, who: User | null = user) {
  if (who) act(() => useSession.getState().setUser(who))
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  render(
    <ProfileApiContext.Provider value={api}>
      <App router={router} i18n={i18next} />
    </ProfileApiContext.Provider>,
  )
  await screen.findByRole('heading', { level: 1 })
  return router
}

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options)

describe('profile area', () => {
  it('asks a visitor to log in, with a link that opens the Login modal', async () => {
    await renderAt('/profile/history', fakeApi(), null)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      t('pages:profileHistory.title'),
    )
    expect(screen.getByTestId('profile.guest').textContent).toContain(t('profile:guest.text'))
    expect(screen.getByTestId('profile.guest-login').getAttribute('href')).toBe(
      '/profile/history?login=',
    )
  })

  it('shows balances in the user currency, the initials and the regional settings', async () => {
    await renderAt('/profile', fakeApi())
    await screen.findByTestId('page.profile')
    expect(screen.getByTestId('profile.balance-real').textContent).toBe(
      'RUB 1,234.56'.replace('RUB ', '₽'),
    )
    expect(screen.getByTestId('profile.balance-bonus').textContent).toBe('₽50.00')
    expect(screen.getByTestId('profile.balance-total').textContent).toBe('₽1,284.56')
    expect(screen.getByTestId('profile.avatar').textContent).toBe('AS')
    expect((screen.getByTestId('profile.locale') as HTMLSelectElement).value).toBe('en')
    expect((screen.getByTestId('profile.timezone') as HTMLSelectElement).value).toBe('UTC')
  })

  it('saves a switch optimistically, one field a call, and says so', async () => {
    const api = fakeApi()
    await renderAt('/profile/setting', api)
    const avatar = await screen.findByTestId('profile.hide-avatar')
    await userEvent.click(avatar)
    expect(api.updateSettings).toHaveBeenCalledWith({ is_avatar_hidden: true }, { notify: false })
    await waitFor(() => expect(useSession.getState().user?.is_avatar_hidden).toBe(true))
    expect((avatar as HTMLInputElement).checked).toBe(true)
    expect(useToasts.getState().toasts.map((x) => x.title)).toContain(t('profile:general.success'))
  })

  it('puts a refused setting back and shows a translated error', async () => {
    let fail: (error: Error) => void = () => undefined
    const api = fakeApi({
      updateSettings: vi.fn(
        () =>
          new Promise<never>((_, reject) => {
            fail = reject
          }),
      ),
    })
    await renderAt('/profile/setting', api)
    const stats = (await screen.findByTestId('profile.hide-statistics')) as HTMLInputElement
    await userEvent.click(stats)
    // Optimistic: on before the server answers.
    expect(stats.checked).toBe(true)
    await act(async () => {
      fail(
        new ApiError(
          { type: 'transport', reason: 'network' },
          { method: 'put', path: 'profile/settings' },
        ),
      )
    })
    await waitFor(() => expect(stats.checked).toBe(false))
    const toast = useToasts.getState().toasts.find((x) => x.kind === 'error')
    expect(toast?.title).toBe(t('profile:settings.saveFailed'))
    expect(toast?.lines?.length).toBeGreaterThan(0)
  })

  it('sends a player without bonus_balances from /profile/bonuses to /error?errorCode=404', async () => {
    const router = await renderAt('/profile/bonuses', fakeApi(), { ...user, features: [] })
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'))
    expect(router.state.location.search).toEqual({ errorCode: 404 })
  })

  it('lists the bonus balance and free spins for a player with the feature', async () => {
    const api = fakeApi({
      freeSpins: vi.fn(async () => ({
        data: [
          {
            id: 1,
            campaign_id: 2,
            game: { id: 'book', name: 'Book of Tessera' },
            count: 50,
            expiration_at: '2026-12-01T00:00:00.000Z',
          },
        ],
      })),
    })
    await renderAt('/profile/bonuses', api)
    expect((await screen.findByTestId('profile.bonus-balance')).textContent).toBe('₽50.00')
    const list = await screen.findByTestId('profile.free-spins')
    expect(list.textContent).toContain('Book of Tessera')
    expect(list.textContent).toContain(t('profile:bonuses.spins', { spins: 50 }))
  })

  it('lists sessions with the current one marked and ends another', async () => {
    const api = fakeApi()
    await renderAt('/profile/access', api)
    const items = await screen.findAllByTestId('profile.session')
    expect(items).toHaveLength(2)
    expect(items[0]!.getAttribute('data-current')).toBe('true')
    expect(within(items[0]!).queryByTestId('profile.session-revoke')).toBeNull()
    expect(items[0]!.textContent).toContain('Chrome, Linux')
    expect(screen.getByTestId('profile.previous-login').textContent).toMatch(/^Previous log-in: /)
    await userEvent.click(within(items[1]!).getByTestId('profile.session-revoke'))
    expect(api.revokeSession).toHaveBeenCalledWith(9, { notify: false })
    await waitFor(() => expect(screen.getAllByTestId('profile.session')).toHaveLength(1))
  })

  it('offers to set a password when the account has none, and shows its field errors', async () => {
    const api = fakeApi({
      setPassword: vi.fn(async () => {
        throw new ApiError(
          {
            type: 'http',
            status: 422,
            body: { errors: { confirm_password: ['password_mismatch: No match'] } },
          },
          { method: 'post', path: 'api/v2/auth/password/set' },
        )
      }),
    })
    await renderAt('/profile/access', api, { ...user, is_password_exists: false })
    const form = await screen.findByTestId('profile.password-form')
    expect(form.getAttribute('data-mode')).toBe('set')
    expect(screen.queryByTestId('profile.password-old_password')).toBeNull()
    await userEvent.type(screen.getByTestId('profile.password-password'), 'new-password-1')
    await userEvent.type(screen.getByTestId('profile.password-password_confirm'), 'new-password-1')
    await userEvent.click(screen.getByTestId('profile.password-submit'))
    expect(api.setPassword).toHaveBeenCalledWith(
      { password: 'new-password-1', confirm_password: 'new-password-1' },
      expect.objectContaining({ notify: false }),
    )
    const error = await screen.findByTestId('profile.password-password_confirm-error')
    expect(error.textContent).toBe(
      t('errors:error.password_mismatch', { defaultValue: 'No match' }),
    )
  })

  it('shows bets with a link to the fairness proof of their round, and pages on with the cursor', async () => {
    const history = vi.fn(async ({ cursor }: { cursor?: string }) =>
      cursor
        ? { kind: 'bets' as const, data: [bet('b-1', '41')], next_cursor: null }
        : { kind: 'bets' as const, data: [bet('b-2', '42')], next_cursor: 'abc' },
    )
    const api = fakeApi({ history: history as unknown as ProfileApi['history'] })
    await renderAt('/profile/history', api)
    const first = await screen.findAllByTestId('profile.history-bet')
    expect(first).toHaveLength(1)
    expect(first[0]!.textContent).toContain('2.50×')
    expect(first[0]!.textContent).toContain('₽250.00')
    const link = within(first[0]!).getByTestId('profile.history-round-link')
    // The crash page opens the proof of the round in `?round=` (parseCrashSearch), bare number.
    expect(link.getAttribute('href')).toBe('/games/crash?round=42')
    expect(link.getAttribute('aria-label')).toBe(
      t('profile:history.openRoundLabel', { round: '42' }),
    )
    await userEvent.click(screen.getByTestId('profile.history-more'))
    await waitFor(() => expect(screen.getAllByTestId('profile.history-bet')).toHaveLength(2))
    expect(
      screen.getAllByTestId('profile.history-round-link').map((a) => a.getAttribute('href')),
    ).toEqual(['/games/crash?round=42', '/games/crash?round=41'])
    expect(history).toHaveBeenLastCalledWith(
      { kind: 'bets', cursor: 'abc', limit: 20 },
      expect.objectContaining({ notify: false }),
    )
    expect(screen.queryByTestId('profile.history-more')).toBeNull()
  })

  it('links an instant bet to its proof on its game page', async () => {
    const spin = {
      game: 'roulette',
      id: 'b-7',
      amount: 300,
      currency: 'RUB',
      multiplier: 66,
      payout: 200,
      status: 'won',
      created_at: '2026-11-21T12:00:00.000Z',
    } as Extract<ProfileHistoryResponse, { kind: 'bets' }>['data'][number]
    const history = vi.fn(async () => ({ kind: 'bets' as const, data: [spin], next_cursor: null }))
    await renderAt(
      '/profile/history',
      fakeApi({ history: history as unknown as ProfileApi['history'] }),
    )
    const link = await screen.findByTestId('profile.history-bet-link')
    expect(link.getAttribute('href')).toBe('/games/roulette?bet=b-7')
    expect(link.getAttribute('aria-label')).toBe(
      t('profile:history.openBetLabel', { game: t('pages:roulette.title') }),
    )
  })

  it('shows a stateful round in progress with a link back to its game, an ended one with its proof', async () => {
    const round = (id: string, status: 'open' | 'lost') => ({
      game: 'coinflip',
      id,
      amount: 100,
      currency: 'RUB',
      multiplier: null,
      payout: status === 'open' ? null : 0,
      status,
      created_at: '2026-11-21T12:00:00.000Z',
    })
    // The answer as the contract reads it: the stateful items are part of the history's union.
    const page = profileHistoryResponse.parse({
      kind: 'bets',
      data: [round('r-2', 'open'), round('r-1', 'lost')],
      next_cursor: null,
    })
    const history = vi.fn(async () => page)
    await renderAt(
      '/profile/history',
      fakeApi({ history: history as unknown as ProfileApi['history'] }),
    )
    const [open, ended] = await screen.findAllByTestId('profile.history-bet')
    expect(open!.textContent).toContain(t('profile:history.betStatus.open'))
    const back = within(open!).getByTestId('profile.history-continue-link')
    expect(back.getAttribute('href')).toBe('/games/coinflip')
    expect(back.getAttribute('aria-label')).toBe(
      t('profile:history.continueLabel', { game: t('pages:coinflip.title') }),
    )
    expect(within(open!).queryByTestId('profile.history-bet-link')).toBeNull()
    const proof = within(ended!).getByTestId('profile.history-bet-link')
    expect(proof.getAttribute('href')).toBe('/games/coinflip?bet=r-1')
  })

  it("links a rooms purchase to its draw's proof on its room's page", async () => {
    // A room pays a share of the pot, not a multiple: a purchase has no multiplier.
    const purchase = (id: string, round: string) => ({
      ...bet(id, round),
      game: 'rooms',
      multiplier: null,
    })
    // The answer as the contract reads it; a round id naming no room gets no link.
    const page = profileHistoryResponse.parse({
      kind: 'bets',
      data: [purchase('p-2', 'red-RUB-12'), purchase('p-1', 'green-RUB-3')],
      next_cursor: null,
    })
    const history = vi.fn(async () => page)
    await renderAt(
      '/profile/history',
      fakeApi({ history: history as unknown as ProfileApi['history'] }),
    )
    const [red, unknown] = await screen.findAllByTestId('profile.history-bet')
    const link = within(red!).getByTestId('profile.history-round-link')
    expect(link.getAttribute('href')).toBe('/games/rooms/red?round=red-RUB-12')
    expect(link.textContent).toBe(t('profile:history.round', { round: 'red-RUB-12' }))
    expect(within(unknown!).queryByRole('link')).toBeNull()
  })

  it('switches to deposits and shows their status', async () => {
    const history = vi.fn(async ({ kind }: { kind: string }) =>
      kind === 'deposits'
        ? {
            kind: 'deposits' as const,
            data: [
              {
                id: '00000000-0000-4000-8000-000000000001',
                amount: 500_00,
                commission: 0,
                currency: 'RUB',
                status: 3,
                method: 'Bank card',
                created_at: '2026-11-21T12:00:00.000Z',
              },
            ],
            next_cursor: null,
          }
        : { kind: 'bets' as const, data: [], next_cursor: null },
    )
    await renderAt(
      '/profile/history',
      fakeApi({ history: history as unknown as ProfileApi['history'] }),
    )
    expect((await screen.findByTestId('profile.history-empty')).textContent).toBe(
      t('profile:history.emptyBets'),
    )
    await userEvent.click(screen.getByTestId('profile.history-deposits'))
    const deposit = await screen.findByTestId('profile.history-deposit')
    expect(deposit.textContent).toContain('₽500.00')
    expect(deposit.textContent).toContain(t('profile:history.depositStatus.paid'))
    expect(deposit.textContent).toContain('Bank card')
  })
})
