/**
 * Starts attribution on page load (main.tsx): the promo check at once (a necessary cookie), and
 * the landing query's triggers and attachSource once the player allows marketing cookies
 * (`src/features/consent`), with the query as it was on landing even when consent comes later.
 */
import type { AnyRouter } from '@tanstack/react-router'

import type { Api } from '../../api'
import { useSession } from '../../stores/session'
import { isAllowed, whenAllowed } from '../consent/consent'
import { resumeAdBonus, useAdBonus } from './adBonus'
import { currentFingerprint } from './fingerprint'
import { readCookie } from './cookieTable'
import type { TriggerDeps } from './triggers'

type Search = Record<string, unknown>

/** Starts the promo check, the landing triggers and attachSource. Call once, after the router. */
export function startAttribution(
  api: Api,
  router: AnyRouter,
  page: Pick<Location, 'search' | 'href' | 'host'> = location,
): void {
  const search = page.search
  // The check's code loads only for a visit that has a promo code to check.
  if (new URLSearchParams(search).has('promo') || readCookie('promo')) {
    void import('./promo').then(({ checkPromo }) =>
      checkPromo({
        api,
        search: () => page.search,
        stripPromoFromUrl: () => {
          const { pathname, hash } = router.state.location
          const { promo: _gone, ...query } = router.state.location.search as Search
          void router.navigate({ to: pathname, search: query, hash, replace: true })
        },
      }),
    )
  }

  const deps: TriggerDeps = {
    api,
    page: { href: page.href, host: page.host },
    userAgent: navigator.userAgent,
    fingerprint: currentFingerprint,
    onAdBonus: (bonus) => useAdBonus.getState().show(bonus),
    log: (message, error) => console.warn(message, error),
  }
  // Once per signed-in player and page: at start, and after a log-in or registration.
  let attachedFor: unknown = null
  whenAllowed('marketing', () => {
    resumeAdBonus()
    // The triggers' code loads only with consent: most visits never need it.
    void import('./triggers').then(async ({ attachSource, queryOf, runLandingTriggers }) => {
      const attachIfSignedIn = () => {
        const user = useSession.getState().user
        if (!user || user.id === attachedFor || !isAllowed('marketing')) return
        attachedFor = user.id
        void attachSource(deps)
      }
      // attachSource after the triggers, so it carries the advId the utm call answers.
      await runLandingTriggers(queryOf(search), deps)
      attachIfSignedIn()
      useSession.subscribe(attachIfSignedIn)
    })
  })
}
