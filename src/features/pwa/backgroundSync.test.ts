import { describe, expect, it } from 'vitest'
import {
  SYNC_INTERVAL_MS,
  SYNC_MESSAGE,
  SYNC_TAG,
  startBackgroundSync,
  type BackgroundSyncHost,
  type SyncRegistration,
} from './backgroundSync'

/** A page whose registration offers what `offers` says, recording every call. */
function page(
  offers: { periodic?: 'ok' | 'refuses'; oneoff?: 'ok' | 'refuses' },
  permission: PermissionState | 'unknown' = 'granted',
) {
  const calls: string[] = []
  const timers: { run: () => void; ms: number }[] = []
  const registration: SyncRegistration = {}
  if (offers.periodic) {
    registration.periodicSync = {
      register: (tag, { minInterval }) => {
        calls.push(`periodic ${tag} ${minInterval}`)
        return offers.periodic === 'ok' ? Promise.resolve() : Promise.reject(new Error('denied'))
      },
    }
  }
  if (offers.oneoff) {
    registration.sync = {
      register: (tag) => {
        calls.push(`oneoff ${tag}`)
        return offers.oneoff === 'ok' ? Promise.resolve() : Promise.reject(new Error('denied'))
      },
    }
  }
  const host: BackgroundSyncHost = {
    registration,
    periodicPermission: () =>
      permission === 'unknown'
        ? Promise.reject(new TypeError('unknown permission'))
        : Promise.resolve(permission),
    postToWorker: (message) => calls.push(`message ${message.action}`),
    setInterval: (run, ms) => timers.push({ run, ms }),
  }
  const tick = async () => {
    for (const timer of timers) timer.run()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { host, calls, timers, tick }
}

describe('the background sync of mirror data', () => {
  it('uses periodic sync every 10 minutes where it is supported and granted, with no timer', async () => {
    const p = page({ periodic: 'ok', oneoff: 'ok' })
    expect(await startBackgroundSync(p.host)).toBe('periodic')
    expect(SYNC_INTERVAL_MS).toBe(600_000)
    expect(p.calls).toEqual([`periodic ${SYNC_TAG} 600000`])
    expect(SYNC_TAG).toBe('sync-data')
    expect(p.timers).toEqual([])
  })

  it('falls back to a one-off sync, asked again every 10 minutes, where periodic sync is not granted', async () => {
    for (const permission of ['prompt', 'denied', 'unknown'] as const) {
      const p = page({ periodic: 'ok', oneoff: 'ok' }, permission)
      expect(await startBackgroundSync(p.host), permission).toBe('oneoff')
      expect(p.calls).toEqual([`oneoff ${SYNC_TAG}`])
      expect(p.timers.map((t) => t.ms)).toEqual([SYNC_INTERVAL_MS])
      await p.tick()
      expect(p.calls).toEqual([`oneoff ${SYNC_TAG}`, `oneoff ${SYNC_TAG}`])
    }
  })

  it('falls back to a one-off sync where the periodic registration is refused', async () => {
    const p = page({ periodic: 'refuses', oneoff: 'ok' })
    expect(await startBackgroundSync(p.host)).toBe('oneoff')
    expect(p.calls).toEqual([`periodic ${SYNC_TAG} 600000`, `oneoff ${SYNC_TAG}`])
  })

  it('posts syncMirrors to the worker every 10 minutes where no background sync exists', async () => {
    const p = page({})
    expect(await startBackgroundSync(p.host)).toBe('message')
    expect(SYNC_MESSAGE).toEqual({ action: 'syncMirrors' })
    expect(p.calls).toEqual(['message syncMirrors'])
    await p.tick()
    expect(p.calls).toEqual(['message syncMirrors', 'message syncMirrors'])
  })

  it('switches to messages for good when the browser refuses a one-off sync', async () => {
    const p = page({ oneoff: 'refuses' })
    expect(await startBackgroundSync(p.host)).toBe('message')
    expect(p.calls).toEqual([`oneoff ${SYNC_TAG}`, 'message syncMirrors'])
    await p.tick()
    expect(p.calls.slice(2)).toEqual(['message syncMirrors'])
  })
})
