import type { AnyRouter } from '@tanstack/react-router'
import { isChunkLoadError, reloadPageForChunkError } from '../deploys/chunkReload'

/** The page fatal errors land on. */
export const FATAL_ERROR_SEARCH = { errorCode: 500 } as const

/**
 * Sends the player to /error?errorCode=500, unless they are already on /error: the error page
 * failing must not navigate to itself forever. Returns whether it navigated.
 */
export function goToErrorPage(router: AnyRouter): boolean {
  if (router.state.location.pathname === '/error') return false
  void router.navigate({ to: '/error', search: FATAL_ERROR_SEARCH, replace: true })
  return true
}

/**
 * A fatal `error`: a chunk that failed to load (an old tab after a deploy) reloads the page at the
 * address it was going to, once within the reload guard; anything else, or a second chunk
 * failure within the guard, ends on the error page.
 */
export function handleFatalError(
  router: AnyRouter,
  error: unknown,
  reload: () => boolean = () => reloadPageForChunkError(),
): void {
  if (isChunkLoadError(error) && reload()) return
  goToErrorPage(router)
}

/** Vite's event for a failed preload of a lazy chunk's scripts or stylesheets. */
type PreloadErrorEvent = Event & { payload?: unknown }

/**
 * Window-level safety net: an uncaught error or an unhandled promise rejection anywhere (a
 * socket callback, a timer) ends on the error page instead of a half-working screen, and a chunk
 * that failed to load reloads the page ({@link handleFatalError}; `reload` is the guarded reload, a
 * test passes its own). Returns the function that removes the handlers.
 */
export function installGlobalErrorHandlers(
  router: AnyRouter,
  reload: () => boolean = () => reloadPageForChunkError(),
): () => void {
  const onError = (event: ErrorEvent) => {
    console.error('[fatal] uncaught error:', event.error ?? event.message)
    handleFatalError(router, event.error ?? event.message, reload)
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('[fatal] unhandled rejection:', event.reason)
    handleFatalError(router, event.reason, reload)
  }
  // Vite throws the preload's error into the importer unless the event is cancelled: cancelled
  // only when the page reloads, so a refused reload still ends where every other failure does.
  const onPreloadError = (event: PreloadErrorEvent) => {
    console.error('[fatal] chunk preload failed:', event.payload)
    if (reload()) event.preventDefault()
  }
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  window.addEventListener('vite:preloadError', onPreloadError)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    window.removeEventListener('vite:preloadError', onPreloadError)
  }
}
