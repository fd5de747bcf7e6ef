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
import { createAppRouter } from './routes/router'
import { useSession } from './stores/session'
import { startSettings, startSupport } from './features/support/start'

async function mount(): Promise<void> {
  const root = document.getElementById('root')
  if (!root) throw new Error('[main] #root element missing')

  // First: a kept session's user (and the saved locale) takes part in the locale decision.
  await startSession(import.meta.env, window.location)

  const decision = decideInitialLocale({
    pathname: window.location.pathname,
    userLocale: useSession.getState().user?.locale ?? null,
    cookie: readLocaleCookie(),
    languages: navigator.languages ?? [navigator.language],
    userAgent: navigator.userAgent,
  })
  if (decision.redirectTo) {
    // Before the router starts, so it never renders the unprefixed page.
    const { search, hash } = window.location
    window.history.replaceState(window.history.state, '', decision.redirectTo + search + hash)
  }
  if (decision.fromUrl) writeLocaleCookie(decision.locale)

  const i18n = await initI18n(decision.locale)
  const router = createAppRouter(decision.locale)
  startLocaleSync(router, decision.locale)
  startModalUrlSync(router)
  installGlobalErrorHandlers(router)
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
    await mount()
  } catch (e) {
    console.error('Error while mounting app:', e)
  }
}

void start()
