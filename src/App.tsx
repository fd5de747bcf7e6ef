import { RouterProvider } from '@tanstack/react-router'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { AppErrorBoundary } from './features/errors/AppErrorBoundary'
import { goToErrorPage } from './features/errors/fatal'
import type { AppRouter } from './routes/router'

/** The React root: i18n and the router, inside the last-resort error boundary. */
export function App({ router, i18n }: { router: AppRouter; i18n: I18n }) {
  return (
    <AppErrorBoundary onError={() => goToErrorPage(router)}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </AppErrorBoundary>
  )
}
