import { useEffect } from 'react'
import { Outlet, useMatches } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Toaster } from '../components/Toaster'
import { ModalHost } from '../features/modals/ModalHost'
import { Footer } from './Footer'
import { SandboxBanner } from '../features/sandbox/SandboxBanner'
import { UpdateNotice } from '../features/deploys/UpdateNotice'
import { PwaNotices } from '../features/pwa'
import { Header } from './Header'
import { ConsentBanner } from '../features/consent/ConsentGate'
import { AdBonusSlot } from '../features/attribution/AdBonusSlot'
import { useRouteSeo } from '../features/seo/useRouteSeo'
import { metaNamed } from '../features/seo/meta'

const NOT_FOUND_TITLE = 'errorPages:notFound.documentTitle'
const NOT_FOUND_META = 'errorPages:code.404.text'

/** The page's `<meta name="description">`, created on first use (index.html has none). */
function metaDescription(): HTMLMetaElement {
  const found = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (found) return found
  const meta = document.createElement('meta')
  meta.name = 'description'
  document.head.append(meta)
  return meta
}

/**
 * The root route's component: picks the layout from the deepest match's static data (the own
 * layout of /no-access, otherwise the default one, padded or not for game pages) and keeps the
 * document title and the meta description in the current language.
 */
export function RootLayout() {
  const { t, i18n } = useTranslation()
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] })
  const notFound = leaf?.status === 'notFound' || leaf?._notFound === true
  const data = notFound ? {} : (leaf?.staticData ?? {})
  const titleKey = notFound ? NOT_FOUND_TITLE : data.titleKey
  const metaKey = notFound ? NOT_FOUND_META : data.metaKey
  const params = notFound ? undefined : leaf?.params
  // The route's SEO texts (issue 31), the ones the server wrote into the page, win when it has
  // them; until they are in, the title and meta the server wrote stay (no flicker at start).
  const { ready: seoReady, entry: seo } = useRouteSeo(notFound ? undefined : data.routeId)
  const description =
    seo?.description ?? (metaKey ? t(metaKey, params as Record<string, string> | undefined) : '')

  useEffect(() => {
    if (!seoReady) return
    const page = titleKey ? t(titleKey) : ''
    document.title = seo?.title ?? (page ? t('common:documentTitle', { page }) : t('common:brand'))
  }, [titleKey, t, i18n.language, seo?.title, seoReady])

  useEffect(() => {
    if (!seoReady) return
    metaDescription().content = description
    metaNamed('keywords').content = seo?.keywords ?? ''
  }, [description, seo?.keywords, seoReady])

  if (data.layout === 'no-access') {
    return (
      <div className="no-access-layout" data-testid="layout.no-access">
        <main id="main" className="no-access-layout__main">
          <Outlet />
        </main>
        {/* The support chat asks a guest to log in, in the modal host. */}
        <ModalHost />
        <Toaster />
        <UpdateNotice />
      </div>
    )
  }

  const mainClass = ['main', data.game ? 'main--game' : '', data.fullWidth ? 'main--full' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="app" data-testid="layout.default">
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <SandboxBanner />
      <Header />
      <main id="main" className={mainClass} tabIndex={-1} data-game={data.game ? 'true' : 'false'}>
        <Outlet />
      </main>
      <Footer />
      <ModalHost />
      <Toaster />
      <UpdateNotice />
      <PwaNotices />
      <AdBonusSlot />
      <ConsentBanner />
    </div>
  )
}
