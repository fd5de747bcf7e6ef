import { describe, expect, it, vi } from 'vitest'
import type { Api } from '../../api'
import { clientConfigOnce } from './clientConfig'

const config = { mode: 'sandbox', game_services: {} } as unknown as Awaited<
  ReturnType<Api['misc']['clientConfig']>
>

describe('GET /config, once per page', () => {
  it('answers every reader from one request', async () => {
    const clientConfig = vi.fn(async () => config)
    const api = { misc: { clientConfig } } as unknown as Pick<Api, 'misc'>
    const answers = await Promise.all([clientConfigOnce(api), clientConfigOnce(api)])
    expect(answers).toEqual([config, config])
    await clientConfigOnce(api)
    expect(clientConfig).toHaveBeenCalledTimes(1)
  })

  it('asks again after a failed request', async () => {
    const clientConfig = vi
      .fn<() => Promise<typeof config>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(config)
    const api = { misc: { clientConfig } } as unknown as Pick<Api, 'misc'>
    await expect(clientConfigOnce(api)).rejects.toThrow('offline')
    await expect(clientConfigOnce(api)).resolves.toEqual(config)
    expect(clientConfig).toHaveBeenCalledTimes(2)
  })
})
