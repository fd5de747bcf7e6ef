/** Messages between the page and the service worker besides the sync's (`backgroundSync.ts`). */

/** Activates a waiting worker (the message workbox-window's `messageSkipWaiting` sends). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const
/** Asks a worker which client it precached; it answers the entry chunk's path on the port. */
export const BUILD_ID_MESSAGE = { type: 'GET_BUILD_ID' } as const
