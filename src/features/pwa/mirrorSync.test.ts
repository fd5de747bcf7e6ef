import { describe, expect, it } from 'vitest'
import { syncMirrors, type MirrorSyncDeps } from './mirrorSync'

const answer = {
  redirect: { newLink: 'https://mirror.example' },
  meta_yandex_verification: null,
  sso: null,
}

function deps(base: string | null, respond: () => Response) {
  const asked: string[] = []
  const saved: unknown[] = []
  const d: MirrorSyncDeps = {
    readBaseUrl: () => Promise.resolve(base),
    fetch: (url) => {
      asked.push(url)
      return Promise.resolve(respond())
    },
    save: (record) => {
      saved.push(record)
      return Promise.resolve()
    },
    now: () => 1_700_000_000_000,
  }
  return { d, asked, saved }
}

describe("the worker's mirror sync", () => {
  it('asks GET {baseURL}/mirror and keeps the answer with its time', async () => {
    const { d, asked, saved } = deps('https://casino.test/api/', () => Response.json(answer))
    expect(await syncMirrors(d)).toEqual(answer)
    expect(asked).toEqual(['https://casino.test/api/mirror'])
    expect(saved).toEqual([{ mirror: answer, syncedAt: 1_700_000_000_000 }])
  })

  it('does nothing before a page wrote the base URL', async () => {
    const { d, asked } = deps(null, () => Response.json(answer))
    expect(await syncMirrors(d)).toBeNull()
    expect(asked).toEqual([])
  })

  it('keeps nothing from a failed or malformed answer', async () => {
    for (const respond of [
      () => new Response('down', { status: 503 }),
      () => Response.json({ redirect: 'nope' }),
    ]) {
      const { d, saved } = deps('https://casino.test/api', respond)
      await expect(syncMirrors(d)).rejects.toThrow()
      expect(saved).toEqual([])
    }
  })
})
