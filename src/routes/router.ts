import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router'
import type { Locale } from '../i18n/locales'
import { localeRewrite } from '../features/locale/rewrite'
import { FatalRouteError } from '../features/errors/FatalRouteError'
import { NotFoundPage } from '../pages/NotFoundPage'
import { routeTree } from './tree'

/** Builds the app router for the locale of the first URL; tests pass a memory history. */
export function createAppRouter(locale: Locale, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    history,
    rewrite: localeRewrite(locale),
    defaultNotFoundComponent: NotFoundPage,
    // A failing page is replaced in place (layout kept) while the player is sent to /error.
    defaultErrorComponent: FatalRouteError,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

/** The router type, for code that receives the instance. */
export type AppRouter = ReturnType<typeof createAppRouter>
