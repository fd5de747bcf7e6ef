/**
 * Wires the support widget's facade to the app (src/main.tsx): the router's route changes, the
 * idle moment after the first paint, and GET /config's choice of widget.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { firstContentfulPaint } from '../../../games/engine/paint'
import type { Api } from '../../api'
import { loadNamespaces } from '../../i18n'
import { useSettings } from '../../stores/settings'
import { clientConfigOnce } from '../session/clientConfig'
import { setSupportFacade, startSupportWidget, type SupportWidget } from './widget'

const here = () => window.location.pathname + window.location.search

/** Starts the facade: the widget loads once the page is idle, or when a player asks. */
export function startSupport(router: AnyRouter, api: Api): void {
  setSupportFacade(
    startSupportWidget({
      async load(): Promise<SupportWidget> {
        const url = (await clientConfigOnce(api)).support_widget_url
        if (url) return (await import('./scriptWidget')).loadScriptWidget(url)
        // The chat's texts are an on-demand namespace, loaded with its code.
        const [{ mountChatWidget }] = await Promise.all([
          import('./chat/mount'),
          loadNamespaces(['supportChat']),
        ])
        return mountChatWidget(api)
      },
      onRouteChange: (run) => router.subscribe('onResolved', () => run(here())),
      currentPath: here,
      whenIdle(run) {
        void firstContentfulPaint().then(() => {
          // Safari has no requestIdleCallback.
          if (typeof window.requestIdleCallback === 'function')
            window.requestIdleCallback(run, { timeout: 5000 })
          else setTimeout(run, 1000)
        })
      },
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      logError: (message, error) => console.error(message, error),
    }),
  )
}

/** Fills the settings store from GET /config (written into the page, so usually at once). */
export function startSettings(api: Api): void {
  clientConfigOnce(api).then(
    (config) => useSettings.getState().fromConfig(config),
    // The footer then simply shows no such links; nothing to tell the player (SPEC section 8).
    (error: unknown) => console.warn('[settings] GET /config failed:', error),
  )
}
