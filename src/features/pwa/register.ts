/**
 * Registers the service worker, loaded by `start.ts` with a dynamic import once the page is
 * interactive, so workbox-window stays out of the first load. Then: an update check every
 * {@link UPDATE_CHECK_MS}; a new worker waiting for an open tab goes to the deploys feature's
 * update notice (its Reload activates the worker first, `start.ts` `applyUpdate`); the API base URL
 * is written where the worker's mirror sync reads it, and the sync is started.
 */
import { Workbox, messageSW } from 'workbox-window'
import { startBackgroundSync, type SyncRegistration } from './backgroundSync'
import { BUILD_ID_MESSAGE } from './messages'
import { writeBaseUrl } from './syncStore'

/** How often an open, visible, online tab asks whether `/sw.js` changed. */
export const UPDATE_CHECK_MS = 20_000

/** Options of {@link registerServiceWorker}. */
export interface RegisterOptions {
  /** This client's build id (deploys' `ownBuildId`), or null. */
  buildId: string | null
  /** The absolute API base URL, kept for the worker's mirror sync. */
  apiBaseUrl: string
  /** A worker of another build waits: show the update notice for `id`. */
  onUpdate: (id: string) => void
  /** Keeps the function the notice's Reload runs while that worker waits. */
  setActivate: (activate: (() => void) | null) => void
}

/** Registers `/sw.js` and starts the update check and the background sync. */
export async function registerServiceWorker(options: RegisterOptions): Promise<void> {
  const wb = new Workbox('/sw.js')
  wb.addEventListener('waiting', () => {
    void onWaiting(wb, options)
  })
  const registration = await wb.register()
  if (!registration) return
  setInterval(() => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return
    registration.update().catch(() => {
      // The server out of reach: the next check asks again.
    })
  }, UPDATE_CHECK_MS)

  await writeBaseUrl(options.apiBaseUrl)
  const ready = await navigator.serviceWorker.ready
  await startBackgroundSync({
    registration: ready as unknown as SyncRegistration,
    periodicPermission: async () =>
      (await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }))
        .state,
    postToWorker: (message) =>
      (navigator.serviceWorker.controller ?? ready.active)?.postMessage(message),
    setInterval: (run, ms) => setInterval(run, ms),
  })
}

/** A worker that waits, as {@link offerWaitingWorker} handles it. */
export interface WaitingWorker {
  /** Asks the worker which build it precached (its answer, or a rejection). */
  askBuildId(): Promise<unknown>
  /** Lets it take over; `onControlling` runs once it controls the page. */
  activate(onControlling: () => void): void
}

/**
 * A new worker is installed and waits for this tab. When it precached the very client this tab
 * runs (the tab was loaded from the network after a deploy), it is activated at once, since
 * nothing on screen changes; otherwise the player is asked through the update notice, whose
 * Reload activates the worker and reloads once the worker controls the page.
 */
export async function offerWaitingWorker(
  worker: WaitingWorker,
  options: Pick<RegisterOptions, 'buildId' | 'onUpdate' | 'setActivate'>,
  reload: () => void,
): Promise<void> {
  const id = await worker.askBuildId().catch(() => null)
  if (typeof id === 'string' && id === options.buildId) {
    worker.activate(() => {})
    return
  }
  options.setActivate(() => worker.activate(reload))
  options.onUpdate(typeof id === 'string' ? id : 'service-worker')
}

/** {@link offerWaitingWorker} for the worker waiting in this page's registration, if any. */
async function onWaiting(wb: Workbox, options: RegisterOptions): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting
  if (!waiting) return
  const worker: WaitingWorker = {
    askBuildId: () => messageSW(waiting, BUILD_ID_MESSAGE),
    activate: (onControlling) => {
      wb.addEventListener('controlling', onControlling)
      wb.messageSkipWaiting()
    },
  }
  await offerWaitingWorker(worker, options, () => window.location.reload())
}
