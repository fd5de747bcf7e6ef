/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's `injectManifest` to `/sw.js`, scripts/vite/pwa.ts):
 *
 * - precaches the shell the build lists in `self.__WB_MANIFEST` (`shellPrecache.ts` picks it:
 *   index.html, the entry's scripts and styles, every language's start-up texts, the web font,
 *   the icons), so a visit while offline starts the app;
 * - answers navigations from the network, and with the precached index.html only when the
 *   network fails: online, every page is the server's own (its status, its SEO, the newest
 *   client after a deploy), never a stale copy;
 * - runs the mirror sync (`mirrorSync.ts`) on the periodic sync, the one-off sync or the message
 *   `backgroundSync.ts` chose;
 * - waits after an update until the page's update notice says to go on (`SKIP_WAITING`), and
 *   tells the page which build it precached (`GET_BUILD_ID`), so a page that already runs that
 *   build activates it without asking.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { SYNC_MESSAGE, SYNC_TAG } from './backgroundSync'
import { syncMirrors } from './mirrorSync'
import { readBaseUrl, writeMirror } from './syncStore'
import { BUILD_ID_MESSAGE, SKIP_WAITING_MESSAGE } from './messages'

declare const self: ServiceWorkerGlobalScope
/** The entry chunk of the client this worker precaches (scripts/vite/pwa.ts defines it). */
declare const __TESSERA_BUILD_ID__: string

/** Events of background sync, not in TypeScript's webworker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent
    periodicsync: SyncEvent
  }
}

/**
 * The precached index.html for a navigation the network failed, marked `<html data-offline>` so
 * the page shows its offline notice even where the browser still says it is online.
 */
async function offlinePage(): Promise<Response | undefined> {
  const cached = await matchPrecache('/index.html')
  if (!cached) return undefined
  const html = (await cached.text()).replace(/<html\b/i, '<html data-offline="true"')
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' })
  const csp = cached.headers.get('content-security-policy')
  if (csp) headers.set('content-security-policy', csp)
  return new Response(html, { headers })
}

// Registered before the precache's own route, which would answer `/` from the cache.
registerRoute(new NavigationRoute(new NetworkOnly({ plugins: [{ handlerDidError: offlinePage }] })))
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first install takes the open page at once, so it works offline without a reload.
clientsClaim()

function sync(): Promise<unknown> {
  return syncMirrors({
    readBaseUrl: () => readBaseUrl(),
    fetch: (url, init) => fetch(url, init),
    save: (record) => writeMirror(record),
    now: () => Date.now(),
  }).catch((error: unknown) => {
    // SPEC section 8: a mirror failure is only logged. Rethrown, so a one-off sync is retried.
    console.warn('[pwa] mirror sync failed', error)
    throw error
  })
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; action?: unknown } | null
  if (data?.type === SKIP_WAITING_MESSAGE.type) {
    void self.skipWaiting()
  } else if (data?.type === BUILD_ID_MESSAGE.type) {
    event.ports[0]?.postMessage(__TESSERA_BUILD_ID__)
  } else if (data?.action === SYNC_MESSAGE.action) {
    event.waitUntil(sync().catch(() => {}))
  }
})

const onSync = (event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sync())
}
self.addEventListener('sync', onSync)
self.addEventListener('periodicsync', onSync)
