/**
 * SEO texts per route and language (SPEC.md section 3: title, description, keywords and text),
 * kept in locales/<locale>/seo.json by route id. Pure: the client build (vite.config.ts) turns
 * them into dist/seo.json, which the reference server writes into the page it sends
 * (server/http/seo.ts), and the shell reads them to keep the title and meta tags in step.
 */
import { z } from 'zod/mini'

/** One route's SEO in one language. */
export const seoEntry = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  description: z.string().check(z.minLength(1), z.maxLength(300)),
  keywords: z.string().check(z.minLength(1), z.maxLength(300)),
  text: z.string().check(z.minLength(1), z.maxLength(2000)),
})
export type SeoEntry = z.infer<typeof seoEntry>

/** The key of the entry a route without its own falls back to. */
export const SITE_SEO = 'site'

/** A language's seo.json: entries by route id, plus {@link SITE_SEO}. */
export const seoDoc = z.record(z.string(), seoEntry)
export type SeoDoc = z.infer<typeof seoDoc>

/**
 * A route's own entry; undefined for a route without one (its page keeps its own title), and
 * while the texts are not loaded.
 */
export function seoFor(doc: SeoDoc | undefined, routeId: string | undefined): SeoEntry | undefined {
  if (!doc || routeId === undefined || routeId === SITE_SEO) return undefined
  return doc[routeId]
}

/** dist/seo.json: per route path pattern (as in dist/routes.json) and locale, its SEO entry. */
export interface SeoManifest {
  /** The entry of a path no route of the list matches, per locale. */
  site: Record<string, SeoEntry>
  routes: Record<string, Record<string, SeoEntry>>
}

/**
 * Builds {@link SeoManifest} from each language's seo.json and the route table: every route with
 * an entry of its own gets it in each language; the others get the site's at serve time.
 */
export function seoManifest(
  docs: Record<string, unknown>,
  routes: readonly { id: string; path: string }[],
): SeoManifest {
  const parsed = Object.fromEntries(
    Object.entries(docs).map(([locale, raw]) => [locale, seoDoc.parse(raw)]),
  )
  const site: Record<string, SeoEntry> = {}
  for (const [locale, doc] of Object.entries(parsed)) {
    const entry = doc[SITE_SEO]
    if (!entry) throw new Error(`[seo] locales/${locale}/seo.json has no "${SITE_SEO}" entry`)
    site[locale] = entry
  }
  const out: SeoManifest['routes'] = {}
  for (const route of routes) {
    for (const [locale, doc] of Object.entries(parsed)) {
      const entry = doc[route.id]
      if (entry) (out[route.path] ??= {})[locale] = entry
    }
  }
  return { site, routes: out }
}
