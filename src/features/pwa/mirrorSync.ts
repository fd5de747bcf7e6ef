/**
 * Background sync of mirror data, the worker's half: reads the API base URL the page kept in
 * `MyDatabase` (record 1 of `syncStore`), asks `GET {baseURL}/mirror` and keeps the parsed answer
 * with its time in the same store (record 2), where a page that starts offline or on a blocked
 * domain can read the mirrors last known (`readMirror`).
 */
import { mirrorResponse, type MirrorResponse } from '../../../contract'
import type { MirrorRecord } from './syncStore'

/** What {@link syncMirrors} needs: the sync store, the network and a clock. */
export interface MirrorSyncDeps {
  readBaseUrl(): Promise<string | null>
  fetch(url: string, init: RequestInit): Promise<Response>
  save(record: Omit<MirrorRecord, 'id'>): Promise<void>
  now(): number
}

/**
 * One sync. Resolves with the answer kept, or null when no page has written a base URL yet;
 * rejects on a failed or malformed answer (a one-off sync is then retried by the browser).
 */
export async function syncMirrors(deps: MirrorSyncDeps): Promise<MirrorResponse | null> {
  const base = await deps.readBaseUrl()
  if (!base) return null
  const response = await deps.fetch(`${base.replace(/\/+$/, '')}/mirror`, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`[pwa] GET /mirror answered ${response.status}`)
  const mirror = mirrorResponse.parse(await response.json())
  await deps.save({ mirror, syncedAt: deps.now() })
  return mirror
}
