import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ClientConfigResponse } from '../../../contract'
import { gameServiceUrl, resetServiceUrls } from './serviceUrls'

const clientConfig = vi.fn<() => Promise<ClientConfigResponse>>()
vi.mock('./api', () => ({ appApi: () => ({ misc: { clientConfig } }) }))

const config = (crash: string | null): ClientConfigResponse => ({
  mode: 'sandbox',
  game_services: {
    crash,
    cases: null,
    miner: null,
    general: null,
    coinflip: null,
    keno: null,
    dice: null,
  },
})

afterEach(() => {
  resetServiceUrls()
  clientConfig.mockReset()
})

describe('gameServiceUrl', () => {
  it("opens a game at the deployment's URL from GET /config, asked once per page load", async () => {
    clientConfig.mockResolvedValue(config('https://crash.split.example'))
    expect(await gameServiceUrl('crash')).toBe('https://crash.split.example')
    expect(await gameServiceUrl('dice')).toBe(window.location.origin)
    expect(clientConfig).toHaveBeenCalledTimes(1)
  })

  it('falls back to the build rule (here the API origin) when the server names none or fails', async () => {
    clientConfig.mockResolvedValueOnce(config(null))
    expect(await gameServiceUrl('crash')).toBe(window.location.origin)
    resetServiceUrls()
    clientConfig.mockRejectedValueOnce(new Error('offline'))
    expect(await gameServiceUrl('crash')).toBe(window.location.origin)
    // A failure is not kept: the next game page asks again.
    clientConfig.mockResolvedValueOnce(config('https://later.example'))
    expect(await gameServiceUrl('crash')).toBe('https://later.example')
    expect(clientConfig).toHaveBeenCalledTimes(3)
  })
})
