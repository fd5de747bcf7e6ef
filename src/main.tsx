import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles/fontFallbacks.css'
import './styles/theme.css'
import './styles/layout.css'
import './styles/components.css'
import { App } from './App'
import { loadWebFont } from './styles/loadWebFont'
import { initI18n } from './i18n'
import { readLocaleCookie, writeLocaleCookie } from './features/locale/cookie'
import { startLocaleSync } from './features/locale/controller'
import { decideInitialLocale } from './features/locale/decide'
import { installGlobalErrorHandlers } from './features/errors/fatal'
import { startModalUrlSync } from './features/modals/urlSync'
import { appApi, startSession } from './features/session'
import { ownBuildId, startBuildWatch } from './features/deploys/buildWatch'
import { useAppUpdate } from './features/deploys/updateStore'
import { registerServiceWorkerLater, startPwa } from './features/pwa'
import { createAppRouter } from './routes/router'
import { useSession } from './stores/session'
import { startAnalytics } from './features/analytics'
import { startGeo } from './features/geo/start'
import { firstLoadRedirect, followGeoBlock, NO_ACCESS_PATH } from './features/geo/guard'
import { adoptSimpleAuthToken } from './features/attribution/simpleAuth'
import { startSettings, startSupport } from './features/support/start'

async function mount(): Promise<void> {
  const root = document.getElementById('root')
  if (!root) throw new Error('[main] #root element missing')

  // A `?simpleAuthToken=` link signs in: its token becomes the session's before the session starts.
  adoptSimpleAuthToken(window.location, window.history)
  // First: a kept session's user (and the saved locale) takes part in the locale decision.
  const session = startSession(import.meta.env, window.location)
  // Beside it, the geo and host checks: a blocked visitor's first frame is /no-access, and a
  // host in matched-host mode starts in English (src/features/geo).
  const geoPage = { location: window.location, userAgent: navigator.userAgent, document }
  const geo = startGeo(appApi(), geoPage)
  await session
  const { enOnly } = await geo

  const decision = decideInitialLocale({
    pathname: window.location.pathname,
    userLocale: useSession.getState().user?.locale ?? null,
    cookie: readLocaleCookie(),
    languages: navigator.languages ?? [navigator.language],
    userAgent: navigator.userAgent,
    enOnly,
  })
  if (decision.redirectTo) {
    // Before the router starts, so it never renders the unprefixed page.
    const { search, hash } = window.location
    window.history.replaceState(window.history.state, '', decision.redirectTo + search + hash)
  }
  if (decision.fromUrl) writeLocaleCookie(decision.locale)
  // Before the router starts too: a blocked visitor's first frame is /no-access, and a route
  // rule of this host applies to the first address as to every later one.
  const first = firstLoadRedirect(window.location.pathname, decision.locale)
  if (first?.type === 'leave') return window.location.replace(first.href)
  if (first) window.history.replaceState(null, '', first.url)

  const i18n = await initI18n(decision.locale)
  const router = createAppRouter(decision.locale)
  startLocaleSync(router, decision.locale)
  startModalUrlSync(router)
  installGlobalErrorHandlers(router)
  followGeoBlock(() => void router.navigate({ to: NO_ACCESS_PATH, replace: true }))
  // The landing query's triggers load after the first frame's code (they wait for consent anyway);
  // the address is taken now, before any navigation changes it.
  const landing = { search: location.search, href: location.href, host: location.host }
  void import('./features/attribution/start').then(({ startAttribution }) =>
    startAttribution(appApi(), router, landing),
  )
  // Support widget (loaded once the page is idle) and the settings store (issue 31).
  startSupport(router, appApi())
  startSettings(appApi())

  // The first frame shows the whole page: its route's code and texts (the crash game, the FAQ)
  // are in before anything is drawn, so nothing drawn is pushed aside when they arrive.
  await router.load()
  createRoot(root).render(
    <StrictMode>
      <App router={router} i18n={i18n} />
    </StrictMode>,
  )
  loadWebFont()
  watchForNewBuilds()
  registerServiceWorkerLater({
    buildId: ownBuildId(import.meta.url),
    onUpdate: (id) => useAppUpdate.getState().found(id),
  })
  // posthog-js itself loads later, once the player allows it and the page is interactive.
  startAnalytics(router)
  void import('./features/geo/mirror').then(({ checkMirror }) => checkMirror(appApi(), geoPage))
}

/**
 * Offers a reload once a newer client is deployed (`UpdateNotice`). This module is the entry
 * chunk, so its `import.meta.url` names the build this tab runs.
 */
function watchForNewBuilds(): void {
  const current = ownBuildId(import.meta.url)
  if (!current) return
  startBuildWatch({
    current,
    latest: () => appApi().misc.latestBuild(window.location.origin, Date.now()),
    onUpdate: (id) => useAppUpdate.getState().found(id),
    host: document,
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  })
}

async function start(): Promise<void> {
  try {
    startPwa()
    await mount()
  } catch (e) {
    console.error('Error while mounting app:', e)
  }
}

void start()
