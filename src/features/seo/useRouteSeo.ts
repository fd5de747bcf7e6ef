import { useTranslation } from 'react-i18next'
import { useNamespaces } from '../../i18n'
import { seoDoc, seoFor, type SeoEntry } from './seo'

/**
 * The current route's SEO entry in the current language, once the `seo` texts are in (they load
 * on demand: the first page's title and meta came in the HTML the server sent); undefined before,
 * and for a route without an entry of its own.
 */
export function useRouteSeo(routeId: string | undefined): SeoEntry | undefined {
  const { i18n } = useTranslation()
  const ready = useNamespaces(['seo'])
  if (!ready) return undefined
  const doc = seoDoc.safeParse(i18n.getResourceBundle(i18n.language, 'seo'))
  return seoFor(doc.success ? doc.data : undefined, routeId)
}
