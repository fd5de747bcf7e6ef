/**
 * Background sync of mirror data, the page's half (SPEC section 4, "Service worker"): every
 * {@link SYNC_INTERVAL_MS} by periodic background sync where the browser permits it (an installed
 * app in Chromium), else by a one-off background sync the page asks for on that interval (it runs
 * when the network is there), else by a message to the worker on that interval. The worker's half
 * is `mirrorSync.ts`, run by `sw.ts` on any of the three.
 */

/** The tag of the periodic and the one-off sync registration. */
export const SYNC_TAG = 'sync-data'
/** How often mirror data is synced. */
export const SYNC_INTERVAL_MS = 10 * 60 * 1000
/** The message that asks the worker to sync where no background sync exists. */
export const SYNC_MESSAGE = { action: 'syncMirrors' } as const

/** Which of the three ways the page chose. */
export type SyncMode = 'periodic' | 'oneoff' | 'message'

/** The parts of a `ServiceWorkerRegistration` the sync uses (typed here: not in lib.dom yet). */
export interface SyncRegistration {
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> }
  sync?: { register(tag: string): Promise<void> }
}

/** What {@link startBackgroundSync} needs from the page. */
export interface BackgroundSyncHost {
  registration: SyncRegistration
  /** The `periodic-background-sync` permission (Permissions API); rejects where unknown. */
  periodicPermission(): Promise<PermissionState>
  /** Posts to the active worker. */
  postToWorker(message: typeof SYNC_MESSAGE): void
  setInterval(run: () => void, ms: number): unknown
}

/**
 * Starts the sync in the first way that works, and returns it: periodic sync when supported and
 * granted and its registration succeeds (the browser then runs it, no timer here); otherwise a
 * one-off sync now and every {@link SYNC_INTERVAL_MS}, falling back to the message for good if
 * the browser refuses one; otherwise the message now and on that interval.
 */
export async function startBackgroundSync(host: BackgroundSyncHost): Promise<SyncMode> {
  const { registration } = host
  if (registration.periodicSync) {
    const state = await host.periodicPermission().catch(() => 'denied' as const)
    if (state === 'granted') {
      try {
        await registration.periodicSync.register(SYNC_TAG, { minInterval: SYNC_INTERVAL_MS })
        return 'periodic'
      } catch {
        // Refused (e.g. the site is not installed): the page keeps the time itself below.
      }
    }
  }
  let mode: SyncMode = registration.sync ? 'oneoff' : 'message'
  const request = async () => {
    if (mode === 'oneoff') {
      try {
        await registration.sync?.register(SYNC_TAG)
        return
      } catch {
        mode = 'message'
      }
    }
    host.postToWorker(SYNC_MESSAGE)
  }
  await request()
  host.setInterval(() => void request(), SYNC_INTERVAL_MS)
  return mode
}
