/**
 * The support widget's facade, the only part of support in the first load (SPEC.md section 7: a
 * customer-messaging script loaded with keys from config; section 9: it is told the page 250 ms
 * after a route change). The widget itself (the reference server's chat, or a third-party
 * script named by GET /config's `support_widget_url`) loads once the page is interactive, or at
 * once when a player asks for support; calls made before it is in wait in a queue.
 */

/** What a loaded widget does; both the built-in chat and the script adapter implement it. */
export interface SupportWidget {
  /** Opens the chat (a support link or button was pressed). */
  open(): void
  /** The player is now on `path` (with the locale prefix and the query). */
  pageChanged(path: string): void
}

/** The delay of SPEC.md section 9 between a route change and the widget's update. */
export const PAGE_UPDATE_DELAY_MS = 250

/** What the facade needs from its surroundings; tests pass fakes and fake timers. */
export interface SupportWidgetHost {
  /** Loads the widget (a dynamic import or a script tag). Called once. */
  load(): Promise<SupportWidget>
  /** Calls `run` on every route change with the new path; returns the unsubscribe. */
  onRouteChange(run: (path: string) => void): () => void
  /** The current path. */
  currentPath(): string
  /** Runs `run` once the page is interactive (idle after the first paint). */
  whenIdle(run: () => void): void
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  /** Where a failed load is reported (SPEC section 8 logs, never shows, such failures). */
  logError(message: string, error: unknown): void
}

/** The facade's handle: ask for the chat, or stop listening (tests). */
export interface SupportFacade {
  open(): void
  stop(): void
}

/**
 * Starts the facade: the widget loads when the page is idle (or on the first `open`), and is
 * told the page {@link PAGE_UPDATE_DELAY_MS} after the last of a burst of route changes, so a
 * redirect chain or a quick back-and-forth updates it once.
 */
export function startSupportWidget(host: SupportWidgetHost): SupportFacade {
  let widget: SupportWidget | undefined
  let loading: Promise<SupportWidget | undefined> | undefined
  let openWhenLoaded = false
  let timer: unknown

  const ensureLoaded = () => {
    loading ??= host.load().then(
      (loaded) => {
        widget = loaded
        loaded.pageChanged(host.currentPath())
        if (openWhenLoaded) loaded.open()
        return loaded
      },
      (error: unknown) => {
        host.logError('[support] the widget did not load:', error)
        loading = undefined
        return undefined
      },
    )
    return loading
  }

  const unsubscribe = host.onRouteChange((path) => {
    if (timer !== undefined) host.clearTimeout(timer)
    timer = host.setTimeout(() => {
      timer = undefined
      widget?.pageChanged(path)
    }, PAGE_UPDATE_DELAY_MS)
  })
  host.whenIdle(() => void ensureLoaded())

  return {
    open() {
      if (widget) widget.open()
      else {
        openWhenLoaded = true
        void ensureLoaded()
      }
    },
    stop() {
      unsubscribe()
      if (timer !== undefined) host.clearTimeout(timer)
    },
  }
}

let facade: SupportFacade | undefined

/** Installs the app's facade (src/features/support/start.ts). */
export function setSupportFacade(next: SupportFacade | undefined): void {
  facade = next
}

/** Opens the support chat: every "contact support" link and button calls this. */
export function openSupport(): void {
  facade?.open()
}
