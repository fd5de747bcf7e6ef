/**
 * The installable app's start, in the shell's first load: only listeners and a dynamic import.
 * `startPwa` runs first thing (the browser may offer installation before the app has mounted);
 * `registerServiceWorkerLater` once the app has drawn its first frame, so the worker, workbox-window
 * and the precache downloads never compete with the first load.
 */
import { urlsForPage } from '../../api'
import { followConnectivity } from './connectivity'
import { listenForInstallPrompt } from './install'

/** The notice's Reload while a new worker waits (`register.ts`); null while none does. */
let activateWaiting: (() => void) | null = null

/** Starts the install prompt and the offline state. */
export function startPwa(): void {
  listenForInstallPrompt()
  followConnectivity()
}

/** What {@link registerServiceWorkerLater} needs from the shell. */
export interface LaterOptions {
  /** This client's build id (deploys' `ownBuildId`), or null in development. */
  buildId: string | null
  /** Shows the update notice for a build id (deploys' `useAppUpdate.found`). */
  onUpdate: (id: string) => void
}

/**
 * Registers `/sw.js` once the page has loaded and the main thread is idle. Nothing in development
 * (Vite's dev server builds no worker). A failure is logged as SPEC section 8 says, never shown.
 */
export function registerServiceWorkerLater(options: LaterOptions): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const register = () =>
    import('./register')
      .then(({ registerServiceWorker }) =>
        registerServiceWorker({
          ...options,
          apiBaseUrl: urlsForPage(import.meta.env, window.location).api,
          setActivate: (activate) => {
            activateWaiting = activate
          },
        }),
      )
      .catch((error: unknown) => console.error('Error while registration Service Worker:', error))
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => void register()) : register()
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', () => void idle(), { once: true })
}

/**
 * The update notice's Reload: activates a waiting worker first and reloads once it controls the
 * page (left waiting, it would stay so until every tab closed, keeping the old shell for offline
 * visits and bringing the notice back on the reloaded page); a plain reload where none waits.
 */
export function applyUpdate(): void {
  if (activateWaiting) activateWaiting()
  else window.location.reload()
}
