import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SERVED_CONFIG_ELEMENT_ID, type ClientConfigResponse } from '../../contract'
import { loadSeo, seoOf, withSeo } from './seo'

const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.js$/)
const stylePath = z.string().regex(/^\/assets\/[\w.-]+\.css$/)

/** dist/routes.json as written by the client build. */
const routesFile = z.object({
  patterns: z.array(
    z.object({
      path: z.string(),
      params: z.record(z.string(), z.string()).optional(),
      /** The page's scripts and each language's texts the route loads before its first frame. */
      preload: z
        .object({
          files: z.array(assetPath),
          styles: z.array(stylePath).default([]),
          texts: z.record(z.string(), z.array(assetPath)),
        })
        .optional(),
    }),
  ),
  locales: z.array(z.string()).default([]),
})
type RoutesFile = z.infer<typeof routesFile>

/** Compiles a client route pattern (`/tournament/:id`, `*` splat) to an anchored regex. */
export function compilePattern(p: RoutesFile['patterns'][number]): RegExp {
  const segments = p.path.split('/').filter((s) => s !== '')
  const parts = segments.map((seg) => {
    if (seg === '*' || seg === '$') return '(?:/.*)?'
    if (seg.startsWith(':') || seg.startsWith('$')) {
      const name = seg.slice(1)
      const inner = (p.params?.[name] ?? '[^/]+').replace(/^\^/, '').replace(/\$$/, '')
      return `/(?:${inner})`
    }
    return '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  })
  return new RegExp(`^${parts.join('') || '/'}/?$`)
}

/** Decides whether a path is a client route, given dist/routes.json (all paths if absent). */
export function routeMatcher(routes: RoutesFile | undefined): (path: string) => boolean {
  if (!routes) return () => true
  const find = routeFinder(routes)
  return (path) => find(path) !== undefined
}

/** The route pattern a path (with or without a locale prefix) is a page of, if any. */
export function routeFinder(
  routes: RoutesFile,
): (path: string) => RoutesFile['patterns'][number] | undefined {
  const compiled = routes.patterns.map((pattern) => ({ pattern, regex: compilePattern(pattern) }))
  return (path) => {
    let p = path
    for (const l of routes.locales) {
      if (p === `/${l}`) p = '/'
      else if (p.startsWith(`/${l}/`)) p = p.slice(l.length + 1)
    }
    return compiled.find(({ regex }) => regex.test(p))?.pattern
  }
}

/** What to preload for a route in a language: its page's scripts, then its texts. */
export function routePreload(
  route: RoutesFile['patterns'][number] | undefined,
  locale: string | undefined,
): string[] {
  if (!route?.preload) return []
  return [...route.preload.files, ...((locale && route.preload.texts[locale]) || [])]
}

/** dist/preload.json as written by the client build: each locale's start-up texts chunk. */
const preloadFile = z.object({
  default: z.string(),
  locales: z.record(z.string(), z.string().check(z.regex(/^\/assets\/[\w.-]+\.js$/))),
})
type PreloadFile = z.infer<typeof preloadFile>

/** What the served index.html says about the server and the page before any script runs. */
export interface IndexFacts {
  /**
   * The GET /config answer, written into the page, so the client needs no round trip for it
   * (src/features/session/clientConfig.ts); its mode as `<html data-mode>` too, so that `sandbox`
   * shows the no-real-money banner from the first paint (src/features/sandbox).
   */
  config: ClientConfigResponse
  /** Scripts the page will import at start, fetched beside the entry (`modulepreload`). */
  preload?: readonly string[]
  /** Stylesheets the page's scripts will add, fetched beside the entry (`preload` as style). */
  styles?: readonly string[]
}

/**
 * Marks the served index.html with the server's mode (`<html data-mode="sandbox">`), so the shell
 * draws the sandbox banner in its first frame instead of pushing the page down when `/config`
 * answers; writes the GET /config answer as a JSON data block, which saves a phone a round trip
 * before a game page can draw; and names the scripts to preload. Attributes, data and links, no
 * inline script: the CSP allows none (a JSON block is data, never run).
 */
export function markIndex(html: string, facts: IndexFacts): string {
  // `<` escaped, so no value can close the element; JSON.parse reads \u003c back as `<`.
  const config = JSON.stringify(facts.config).replace(/</g, '\\u003c')
  const links = [
    `<script type="application/json" id="${SERVED_CONFIG_ELEMENT_ID}">${config}</script>`,
    ...(facts.preload ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...(facts.styles ?? []).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${href}">`,
    ),
  ].join('')
  return html
    .replace(/<html\b/i, `<html data-mode="${facts.config.mode}"`)
    .replace(/<\/head>/i, `${links}</head>`)
}

/**
 * The locale the client will most likely start in (src/features/locale/decide.ts), from what the
 * request shows: the path's prefix, else the `locale` cookie, else the first supported language
 * the browser asks for, else the default. (The client may still pick a signed-in player's own.)
 */
export function requestLocale(
  path: string,
  headers: { cookie?: string; 'accept-language'?: string },
  known: readonly string[],
  fallback: string,
): string {
  const supported = (tag: string | undefined) => {
    const primary = tag?.trim().toLowerCase().split(/[-_;]/)[0]
    const locale = primary === 'kk' ? 'kz' : primary
    return locale && known.includes(locale) ? locale : undefined
  }
  const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1]
  if (prefix && prefix !== fallback && known.includes(prefix)) return prefix
  if (prefix === fallback) return fallback
  const cookie = /(?:^|;\s*)locale=([^;]*)/.exec(headers.cookie ?? '')?.[1]
  return (
    supported(cookie) ??
    (headers['accept-language'] ?? '').split(',').map(supported).find(Boolean) ??
    fallback
  )
}

/** Adds `name` to the reply's Vary header unless it is there (CORS may have put Origin there). */
function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary')
  if (vary === undefined) reply.header('vary', name)
  else if (!new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, 'i').test(String(vary)))
    reply.header('vary', `${String(vary)}, ${name}`)
}

/** Hashed build output (`/assets/name-hash.js`): its name changes whenever its bytes do. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built client. Files come from `@fastify/static`: brotli or gzip copies written by
 * the build (vite.config.ts) when the browser accepts them, `Vary: Accept-Encoding`, ETags, hashed
 * assets cached for a year, everything else revalidated (`no-cache`: among them `/sw.js`, which
 * must never be served stale or a deploy's worker would wait for the HTTP cache to expire, and
 * `/manifest.webmanifest`, typed `application/manifest+json`). What is the app's own stays here:
 * `builds/latest.json` (the app-version poll) and the SPA fallback, index.html with 200 for a
 * client route and 404 otherwise (the client then shows its not-found page), marked with the mode.
 */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  facts: IndexFacts,
): Promise<void> {
  const root = resolve(distDir)
  const indexPath = join(root, 'index.html')
  const assetsDir = join(root, 'assets') + sep

  // In a scope of its own, so the Vary hook touches file replies only.
  await app.register(async (files) => {
    // The same URL answers brotli, gzip or identity bytes: caches must key on the encoding.
    files.addHook('onSend', async (_req, reply, payload) => {
      // Lower case, as @fastify/compress writes and looks for it, so neither adds it twice.
      addVary(reply, 'accept-encoding')
      return payload
    })
    await files.register(fastifyStatic, {
      root,
      prefix: '/',
      preCompressed: true,
      // index.html always goes through the fallback below (route-aware status, the mode mark);
      // a path without an extension is a client route, never a file, so it costs no disk lookup.
      index: false,
      allowedPath: (pathname) => extname(pathname) !== '' && pathname !== '/index.html',
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache')
      },
    })
  })

  const loadPreload = async (): Promise<PreloadFile | undefined> => {
    const raw = await readFile(join(root, 'preload.json'), 'utf8').catch(() => undefined)
    if (raw === undefined) return undefined
    return preloadFile.parse(JSON.parse(raw) as unknown)
  }

  const sendIndex = async (
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    route?: RoutesFile['patterns'][number],
  ) => {
    const html = await readFile(indexPath, 'utf8').catch(() => undefined)
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build`.')
    }
    const preload = await loadPreload().catch((err: unknown) => {
      req.log.warn({ err }, 'dist/preload.json is invalid; preloading nothing')
      return undefined
    })
    const locale =
      preload &&
      requestLocale(
        new URL(req.url, 'http://x').pathname,
        req.headers,
        Object.keys(preload.locales),
        preload.default,
      )
    const texts = locale ? preload.locales[locale] : undefined
    // The preloaded texts follow the locale cookie and the browser's languages.
    addVary(reply, 'cookie')
    addVary(reply, 'accept-language')
    const marked = markIndex(html, {
      ...facts,
      preload: [...(texts ? [texts] : []), ...routePreload(route, locale)],
      styles: route?.preload?.styles ?? [],
    })
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await seoIndex(req, marked, route))
  }

  // The route's SEO texts in the page's language (issue 31; server/http/seo.ts).
  const seoIndex = async (req: FastifyRequest, html: string, route?: { path: string }) => {
    const seo = await loadSeo(root).catch((err: unknown) => {
      req.log.warn({ err }, 'dist/seo.json is invalid; serving the page without SEO texts')
      return undefined
    })
    if (!seo) return html
    const path = new URL(req.url, 'http://x').pathname
    const locale = requestLocale(path, req.headers, Object.keys(seo.site), 'en')
    const entry = seoOf(seo, route?.path, locale)
    return entry ? withSeo(html, entry, locale) : html
  }

  const loadRoutes = async () => {
    const raw = await readFile(join(root, 'routes.json'), 'utf8').catch(() => undefined)
    if (raw === undefined) return undefined
    return routesFile.parse(JSON.parse(raw) as unknown)
  }

  app.get('/builds/latest.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    const built = await readFile(join(root, 'builds', 'latest.json'), 'utf8').catch(() => undefined)
    if (built !== undefined) return reply.type('application/json; charset=utf-8').send(built)
    // A build that wrote no id (an older one): the entry script index.html names is the id the
    // client compares with its own (src/features/deploys/buildWatch.ts); failing that, a hash of
    // index.html, which changes with every build's asset hashes.
    const html = await readFile(indexPath, 'utf8').catch(() => 'unbuilt')
    const entry = /<script type="module"[^>]*\ssrc="\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
    return { id: entry ?? createHash('sha256').update(html).digest('hex').slice(0, 16) }
  })

  // Everything @fastify/static did not find ends here.
  app.setNotFoundHandler(async (req, reply) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
    } catch {
      return reply.status(400).send({ data: { message: 'bad_request', params: { reason: 'url' } } })
    }
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io')) {
      return reply.status(404).send({ data: { message: 'not_found', params: { path } } })
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.status(404).send({ data: { message: 'not_found', params: { path } } })
    }
    // A missing asset is a 404, not index.html: a stale chunk must fail loudly so the client's
    // chunk-load handler reloads.
    if (path.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found')
    if (path === '/index.html') return sendIndex(req, reply, 200)
    let routes: RoutesFile | undefined
    try {
      routes = await loadRoutes()
    } catch (err) {
      req.log.warn({ err }, 'dist/routes.json is invalid; serving every path')
      return sendIndex(req, reply, 200)
    }
    if (!routes) return sendIndex(req, reply, 200)
    const route = routeFinder(routes)(path)
    return sendIndex(req, reply, route ? 200 : 404, route)
  })
}
