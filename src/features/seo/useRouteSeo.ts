import { useTranslation } from 'react-i18next'
import { useNamespaces } from '../../i18n'
import { seoDoc, seoFor, type SeoEntry } from './seo'

/**
 * The current route's SEO entry in the current language, once the `seo` texts are in (they load
 * on demand: the first page's title and meta came in the HTML the server sent, and stay until
 * then, so they do not flicker); no entry for a route without one of its own.
 */
export function useRouteSeo(routeId: string | undefined): {
  /** False until the texts are in: the page's title and meta are then left as they are. */
  ready: boolean
  entry: SeoEntry | undefined
} {
  const { i18n } = useTranslation()
  const ready = useNamespaces(['seo'])
  if (!ready) return { ready, entry: undefined }
  const doc = seoDoc.safeParse(i18n.getResourceBundle(i18n.language, 'seo'))
  return { ready, entry: seoFor(doc.success ? doc.data : undefined, routeId) }
}
