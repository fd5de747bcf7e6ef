import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import type { Api } from '../../api'
import { initI18n } from '../../i18n'
import { SocialButtons } from './SocialButtons'
import { offeredSocialProviders, useSocialProviders } from './socialProviders'

beforeAll(() => initI18n('en'))

const apiAnswering = (social_providers: unknown) => {
  const api = {
    misc: {
      clientConfig: vi.fn(async () => ({
        mode: 'production',
        game_services: {},
        social_providers,
      })),
    },
  } as unknown as Pick<Api, 'misc'>
  return () => api
}

describe('the social providers the log-in form offers', () => {
  it('are the ones GET /config lists, in the form order, and none without a list', () => {
    expect(offeredSocialProviders({ social_providers: ['yandex', 'google'] })).toEqual([
      'google',
      'yandex',
    ])
    expect(offeredSocialProviders({ social_providers: [] })).toEqual([])
    expect(offeredSocialProviders({})).toEqual([])
    expect(offeredSocialProviders(undefined)).toEqual([])
  })

  it('follow the deployment config', async () => {
    const { result } = renderHook(() => useSocialProviders(apiAnswering(['telegram', 'vk'])))
    await waitFor(() => expect(result.current).toEqual(['telegram', 'vk']))
  })

  it('are none while the config cannot be had', async () => {
    const failing = { misc: { clientConfig: vi.fn(async () => Promise.reject(new Error('down'))) } }
    const api = () => failing as unknown as Pick<Api, 'misc'>
    const { result } = renderHook(() => useSocialProviders(api))
    await waitFor(() => expect(failing.misc.clientConfig).toHaveBeenCalled())
    expect(result.current).toEqual([])
  })

  it('get a button each, and an empty list shows no social section at all', () => {
    const props = { waiting: false, onStart: () => undefined, onCancel: () => undefined }
    const { rerender } = render(<SocialButtons {...props} providers={['google', 'telegram']} />)
    expect(screen.getByTestId('login.social-google').textContent).toBe('Google')
    expect(screen.getByTestId('login.social-telegram').textContent).toBe('Telegram')
    expect(screen.queryByTestId('login.social-vk')).toBeNull()
    expect(screen.queryByTestId('login.social-yandex')).toBeNull()
    rerender(<SocialButtons {...props} providers={[]} />)
    expect(screen.queryByTestId('login.social')).toBeNull()
  })
})
