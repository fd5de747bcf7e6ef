import { describe, expect, it, vi } from 'vitest'
import { GAME_SERVICES, type Api } from '../../api'
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

  it('reads the answer the server wrote into the page, and asks nothing', async () => {
    const clientConfig = vi.fn(async () => config)
    const api = { misc: { clientConfig } } as unknown as Pick<Api, 'misc'>
    const services = Object.fromEntries(GAME_SERVICES.map((name) => [name, null]))
    const served = {
      mode: 'production',
      game_services: { ...services, crash: 'https://c.example' },
    }
    const data = document.createElement('script')
    data.type = 'application/json'
    data.id = 'client-config'
    data.textContent = JSON.stringify(served)
    document.head.append(data)
    try {
      await expect(clientConfigOnce(api)).resolves.toEqual(served)
      expect(clientConfig).not.toHaveBeenCalled()
    } finally {
      data.remove()
    }
  })

  it('asks when what the page carries does not parse', async () => {
    const clientConfig = vi.fn(async () => config)
    const api = { misc: { clientConfig } } as unknown as Pick<Api, 'misc'>
    const data = document.createElement('script')
    data.type = 'application/json'
    data.id = 'client-config'
    data.textContent = '{"mode":"casino"}'
    document.head.append(data)
    try {
      await expect(clientConfigOnce(api)).resolves.toEqual(config)
      expect(clientConfig).toHaveBeenCalledTimes(1)
    } finally {
      data.remove()
    }
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
