import type { AnyRouter } from '@tanstack/react-router'

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
 * Window-level safety net: an uncaught error or an unhandled promise rejection anywhere (a
 * socket callback, a timer) ends on the error page instead of a half-working screen. Returns the
 * function that removes the handlers.
 */
export function installGlobalErrorHandlers(router: AnyRouter): () => void {
  const onError = (event: ErrorEvent) => {
    console.error('[fatal] uncaught error:', event.error ?? event.message)
    goToErrorPage(router)
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('[fatal] unhandled rejection:', event.reason)
    goToErrorPage(router)
  }
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
