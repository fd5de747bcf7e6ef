import { useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { CrashGame, parseCrashSearch } from '../../games/crash'
import { DEFAULT_CURRENCY, type Minor } from '../../games/engine/money'
import { readToken } from '../features/session/cookies'
import { useGameServiceUrl } from '../features/session/serviceUrls'
import type { Locale } from '../i18n/locales'
import { useSession } from '../stores/session'
import { showToast } from '../stores/toasts'

/**
 * /games/crash: the live game, full width. Guests watch; a signed-in player bets, and every
 * balance the game reports goes to the session store so the header shows it at once.
 * `?round=<id>` opens that finished round's fairness proof (profile history links use it).
 */
export function CrashPage() {
  const { t, i18n } = useTranslation()
  const user = useSession((s) => s.user)
  // The crash service's origin for this deployment (GET /config), else this build's.
  const serviceUrl = useGameServiceUrl('crash')
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
  const proofRound = parseCrashSearch(useSearch({ strict: false })).round
  const router = useRouter()
  // Closing the proof drops the parameter in place, so Back leaves the page instead of reopening it.
  const onProofClosed = useCallback(() => {
    const { pathname, search, hash } = router.state.location
    const rest = Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'round'))
    void router.navigate({ to: pathname, search: rest, hash, replace: true })
  }, [router])
  const player = user
    ? { currency: user.currency ?? DEFAULT_CURRENCY, balance: user.balance }
    : null
  return (
    <section className="game-page" data-testid="page.crash">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:crash.title')}
      </h1>
      {serviceUrl !== null && (
        <CrashGame
          // A log-in or log-out is a new player: a fresh machine and a new handshake.
          key={user?.id ?? 'guest'}
          serviceUrl={serviceUrl}
          getToken={() => readToken() ?? null}
          player={player}
          locale={i18n.language as Locale}
          onBalance={onBalance}
          onError={onError}
          proofRound={proofRound}
          onProofClosed={onProofClosed}
        />
      )}
    </section>
  )
}
