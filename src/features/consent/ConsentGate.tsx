import { lazy, Suspense } from 'react'

import { loadNamespaces } from '../../i18n'
import { useConsent } from './consent'
import './footerLink.css'

// Its texts are an on-demand namespace (src/i18n/locales.ts) that comes with its code.
const BannerBody = lazy(async () => {
  const [banner] = await Promise.all([import('./ConsentBanner'), loadNamespaces(['consent'])])
  return { default: banner.BannerBody }
})

/**
 * The cookie banner (Privacy §4): asks before analytics or marketing cookies are written, with
 * Accept all, Necessary only, or a choice per category. Shown until the player answers, and again
 * from the footer's "Cookie settings". A labelled region docked at the bottom, not a modal: the
 * page stays usable, and a spacer of its height at the end of the page lets anything under it (a
 * bet button at 375 px) be scrolled above it. Its code loads only when it shows, so a player who
 * has answered never downloads it; being fixed, its arrival moves nothing on the page.
 */
export function ConsentBanner() {
  const choice = useConsent((s) => s.choice)
  const editing = useConsent((s) => s.editing)
  if (choice !== null && !editing) return null
  // Keyed by `editing`: reopening starts from the choice so far with the categories shown.
  return (
    <Suspense fallback={null}>
      <BannerBody key={String(editing)} choice={choice} editing={editing} />
    </Suspense>
  )
}
