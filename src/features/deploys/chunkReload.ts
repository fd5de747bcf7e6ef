/**
 * Safe deploys, part two: a chunk that no longer exists. After a deploy, an open tab still runs
 * the old client, whose lazy chunks (a game, a dialog, a page) were replaced by the new build's:
 * importing one fails. Instead of the error page, the tab reloads at the address the player was
 * going to, and gets the new client (SPEC section 4: "Chunk-load errors reload to the target
 * path"). A guard of {@link RELOAD_GUARD_MS} stops a loop when the chunk is missing for another
 * reason (a broken deploy, a network that fails the same file every time): the second failure
 * within it goes to the error page as any other fatal error.
 */

/** How long after one chunk-load reload another is refused (SPEC: "The page-reload guard lasts 10 s"). */
export const RELOAD_GUARD_MS = 10_000

/** Where the time of the last chunk-load reload is kept across the reload. */
export const RELOAD_GUARD_KEY = 'tessera.chunkReloadAt'

/**
 * Whether `error` says a script or stylesheet chunk could not be loaded: Vite's preload error,
 * or a failed dynamic `import()` in Chromium, Firefox or Safari (their messages differ).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  if (!message) return false
  return [
    'Failed to fetch dynamically imported module',
    'error loading dynamically imported module',
    'Importing a module script failed',
    'Unable to preload CSS',
  ].some((text) => message.includes(text))
}

/** What a reload needs from the page; `sessionStorage`, `Date.now` and `location.assign` in the app. */
export interface ChunkReloadHost {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>
  now(): number
  assign(href: string): void
}

/**
 * Reloads the page at `href` (the address the failed navigation was going to) unless a chunk-load
 * reload happened less than {@link RELOAD_GUARD_MS} ago. Returns whether it reloaded; when it did
 * not, the caller shows the error page.
 */
export function reloadForChunkError(href: string, host: ChunkReloadHost): boolean {
  const now = host.now()
  let last = Number.NaN
  try {
    last = Number(host.storage.getItem(RELOAD_GUARD_KEY))
  } catch {
    // Storage refused (a private mode): no guard can be kept, so no reload either.
    return false
  }
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false
  try {
    host.storage.setItem(RELOAD_GUARD_KEY, String(now))
  } catch {
    return false
  }
  host.assign(href)
  return true
}

/** {@link reloadForChunkError} with the browser's session storage, clock and location. */
export function reloadPageForChunkError(href: string = window.location.href): boolean {
  return reloadForChunkError(href, {
    storage: window.sessionStorage,
    now: () => Date.now(),
    assign: (to) => window.location.assign(to),
  })
}
