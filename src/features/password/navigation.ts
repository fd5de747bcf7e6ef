import { useRouter } from '@tanstack/react-router'

import type { ResetNavigation } from './machines'

/**
 * Where a reset sends the player, through the app's router (so the locale prefix stays): the
 * lobby with the `login` query flag, which opens the Login modal (src/features/modals/urlSync),
 * or /error for an invalid phone reset token (SPEC.md section 8; the generic error text).
 */
export function useResetNavigation(): ResetNavigation {
  const router = useRouter()
  return {
    toLogin: () => void router.navigate({ to: '/', search: { login: '' } }),
    toErrorPage: () =>
      void router.navigate({ to: '/error', search: { errorCode: undefined }, replace: true }),
  }
}
