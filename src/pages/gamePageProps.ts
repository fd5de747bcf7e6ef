import { useRouter } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameLinks, GamePageProps, LiveTablesShell } from '../../games/kit'
import { DEFAULT_CURRENCY, type Minor } from '../../games/engine/money'
import type { GameService } from '../api'
import { readToken } from '../features/session/cookies'
import { useGameServiceUrl } from '../features/session/serviceUrls'
import type { Locale } from '../i18n/locales'
import { useSession } from '../stores/session'
import { showToast } from '../stores/toasts'

/** What the shell hands a game, and the key that remounts it for a new player. */
export interface ShellGameProps {
  props: GamePageProps
  /** A log-in or log-out is a new player: a fresh machine and a new handshake. */
  key: string
}

const getToken = () => readToken() ?? null

/**
 * The props every game's page (the kit's `GamePage`) takes from the shell: the game service's
 * URL for this deployment (null until `GET /config` answers: the page waits), the session's
 * token and player, the language, every balance the game reports written to the session store
 * (so the header shows it at once), and refusals shown as toasts.
 */
export function useShellGameProps(service: GameService): ShellGameProps | null {
  const { i18n } = useTranslation()
  const user = useSession((s) => s.user)
  const serviceUrl = useGameServiceUrl(service)
  const onBalance = useCallback((balance: Minor) => {
    const current = useSession.getState().user
    if (!current || current.balance === balance) return
    useSession.getState().setUser({
      ...current,
      balance,
      total_balance: (balance + current.bonus_balance) as typeof current.total_balance,
    })
  }, [])
  const onError = useCallback((message: string) => showToast({ kind: 'error', title: message }), [])
  const router = useRouter()
  const links = useMemo<GameLinks>(
    () => ({
      href: (path) => router.buildLocation({ to: path }).publicHref,
      open: (path) => void router.navigate({ to: path }),
    }),
    [router],
  )
  if (serviceUrl === null) return null
  return {
    key: user ? String(user.id) : 'guest',
    props: {
      serviceUrl,
      getToken,
      player: user ? { currency: user.currency ?? DEFAULT_CURRENCY, balance: user.balance } : null,
      locale: i18n.language as Locale,
      onBalance,
      onError,
      links,
    },
  }
}

/**
 * What an instant game's page gives its live tables: the `general` service's URL (null until
 * known; the game routes ask for it while they load) and proof links in the page's language,
 * opened in place by the router (`/games/<game>?bet=<id>`).
 */
export function useLiveTablesShell(): LiveTablesShell | null {
  const serviceUrl = useGameServiceUrl('general')
  const router = useRouter()
  return useMemo(() => {
    if (serviceUrl === null) return null
    const target = (game: string, betId: string) => ({
      to: `/games/${game}`,
      search: { bet: betId },
    })
    return {
      serviceUrl,
      betHref: (game, betId) => router.buildLocation(target(game, betId)).publicHref,
      openBet: (game, betId) => void router.navigate(target(game, betId)),
    }
  }, [serviceUrl, router])
}
