/**
 * Safe deploys, part one: the app version poll (SPEC section 4, "App version"). The build writes
 * `builds/latest.json` with the id of the client it built (scripts/vite/manifests.ts: the entry chunk's file
 * name); an open tab asks for it now and then and, when the id is not its own, a new client has
 * been deployed and the player is offered a reload (`UpdateNotice`).
 */

/** How often an open, visible tab asks whether a new client has been deployed. */
export const BUILD_POLL_MS = 60_000

/**
 * This client's own build id: its entry chunk's path under the site root (`assets/index-<hash>.js`),
 * from the entry module's `import.meta.url`, the name the build writes into `builds/latest.json`.
 * The hash changes whenever any chunk of the client does, since each chunk names the hashed files
 * it imports. Null where the entry is not a built chunk (the dev server), so nothing is polled.
 */
export function ownBuildId(entryUrl: string): string | null {
  const path = new URL(entryUrl).pathname.replace(/^\/+/, '')
  return /^assets\/[^/]+\.js$/.test(path) ? path : null
}

/** What the watch needs from the page; the browser's `window` and `document` in the app. */
export interface BuildWatchHost {
  readonly visibilityState: DocumentVisibilityState
  addEventListener(type: 'visibilitychange', listener: () => void): void
  removeEventListener(type: 'visibilitychange', listener: () => void): void
}

/** Options of {@link startBuildWatch}. */
export interface BuildWatchOptions {
  /** This client's id ({@link ownBuildId}). */
  current: string
  /** Reads `builds/latest.json` (the app's `api.misc.latestBuild`). */
  latest: () => Promise<{ id: string }>
  /** Called once for each deployed id that is not this client's. */
  onUpdate: (id: string) => void
  host: BuildWatchHost
  setInterval: (run: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

/**
 * Asks for the deployed id every {@link BUILD_POLL_MS} while the tab is visible, and at once when
 * it becomes visible again (a tab left open overnight learns of the deploy when the player
 * returns, not a minute later). A failed poll is silent: the next one asks again. Returns the
 * function that stops the watch.
 */
export function startBuildWatch(options: BuildWatchOptions): () => void {
  const { current, host } = options
  const told = new Set<string>()
  let asking = false
  const poll = () => {
    if (asking || host.visibilityState !== 'visible') return
    asking = true
    options
      .latest()
      .then(({ id }) => {
        if (id !== current && !told.has(id)) {
          told.add(id)
          options.onUpdate(id)
        }
      })
      .catch(() => {})
      .finally(() => {
        asking = false
      })
  }
  const timer = options.setInterval(poll, BUILD_POLL_MS)
  host.addEventListener('visibilitychange', poll)
  return () => {
    options.clearInterval(timer)
    host.removeEventListener('visibilitychange', poll)
  }
}
