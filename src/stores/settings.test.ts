import { beforeEach, describe, expect, it } from 'vitest'
import { clientConfigResponse, gameServiceNames } from '../../contract'
import { useSettings } from './settings'

const config = (extra: Record<string, unknown>) =>
  clientConfigResponse.parse({
    mode: 'sandbox',
    game_services: Object.fromEntries(gameServiceNames.map((name) => [name, null])),
    ...extra,
  })

describe('settings store', () => {
  beforeEach(() => useSettings.setState({ revshareUrl: null, tgChannelUrl: null }))

  it('starts with both links null', () => {
    expect(useSettings.getState()).toMatchObject({ revshareUrl: null, tgChannelUrl: null })
  })

  it('takes revshareUrl and tgChannelUrl from GET /config', () => {
    useSettings.getState().fromConfig(
      config({
        revshare_service_frontend_url: 'https://partners.example/',
        telegram_channel_url: 'https://t.me/tessera',
      }),
    )
    expect(useSettings.getState()).toMatchObject({
      revshareUrl: 'https://partners.example/',
      tgChannelUrl: 'https://t.me/tessera',
    })
  })

  it('keeps null for a server that sends neither, or sends null, or a non-web link', () => {
    useSettings.getState().fromConfig(config({}))
    expect(useSettings.getState().revshareUrl).toBeNull()
    useSettings.getState().fromConfig(
      config({
        revshare_service_frontend_url: null,
        telegram_channel_url: 'javascript:alert(1)',
      }),
    )
    expect(useSettings.getState()).toMatchObject({ revshareUrl: null, tgChannelUrl: null })
  })
})
