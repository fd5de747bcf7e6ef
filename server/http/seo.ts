import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

const entry = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  text: z.string(),
})
/** One route's SEO texts in one language. */
export type SeoEntry = z.infer<typeof entry>

/** dist/seo.json as the client build writes it (src/features/seo/seo.ts `seoManifest`). */
const seoFile = z.object({
  site: z.record(z.string(), entry),
  routes: z.record(z.string(), z.record(z.string(), entry)),
})
export type SeoFile = z.infer<typeof seoFile>

/** dist/seo.json, or undefined when the build wrote none. Throws when it does not parse. */
export async function loadSeo(root: string): Promise<SeoFile | undefined> {
  const raw = await readFile(join(root, 'seo.json'), 'utf8').catch(() => undefined)
  return raw === undefined ? undefined : seoFile.parse(JSON.parse(raw) as unknown)
}

/** The entry of a route pattern (dist/routes.json's `path`) in a language, else the site's. */
export function seoOf(
  file: SeoFile,
  routePath: string | undefined,
  locale: string,
): SeoEntry | undefined {
  const own = routePath === undefined ? undefined : file.routes[routePath]?.[locale]
  return own ?? file.site[locale] ?? file.site.en
}

/** `<html lang>` per interface language: `kz` is the product's name for Kazakh (ISO `kk`). */
const HTML_LANG: Record<string, string> = { en: 'en', ru: 'ru', kz: 'kk' }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Writes a route's SEO into the served index.html (SPEC.md section 3): the language, `<title>`,
 * the description and keywords meta tags, and the SEO text in a `<noscript>` block, which a
 * crawler reads without running the app and a browser with scripts never draws (so the first
 * frame and its layout are the app's alone). The client keeps title and meta in step after that.
 */
export function withSeo(html: string, seo: SeoEntry, locale: string): string {
  const lang = HTML_LANG[locale] ?? locale
  const meta =
    `<meta name="description" content="${escape(seo.description)}">` +
    `<meta name="keywords" content="${escape(seo.keywords)}">`
  const block = `<noscript><article id="seo-text"><h1>${escape(seo.title)}</h1><p>${escape(seo.text)}</p></article></noscript>`
  return html
    .replace(/(<html\b[^>]*?\slang=")[^"]*(")/i, `$1${lang}$2`)
    .replace(/<title>[^<]*<\/title>/i, `<title>${escape(seo.title)}</title>`)
    .replace(/<\/head>/i, `${meta}</head>`)
    .replace(/<div id="root">/i, `${block}<div id="root">`)
}
