import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'

/** dist/routes.json as written by the client build. */
const routesFile = z.object({
  patterns: z.array(
    z.object({ path: z.string(), params: z.record(z.string(), z.string()).optional() }),
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
  const regexes = routes.patterns.map(compilePattern)
  const locales = routes.locales
  return (path) => {
    let p = path
    for (const l of locales) {
      if (p === `/${l}`) p = '/'
      else if (p.startsWith(`/${l}/`)) p = p.slice(l.length + 1)
    }
    return regexes.some((r) => r.test(p))
  }
}

/** What the served index.html says about the server before any script runs. */
export interface IndexFacts {
  /** `sandbox` shows the no-real-money banner from the first paint (src/features/sandbox). */
  mode: 'sandbox' | 'production'
}

/**
 * Marks the served index.html with the server's mode (`<html data-mode="sandbox">`), so the shell
 * draws the sandbox banner in its first frame instead of pushing the page down when `/config`
 * answers. An attribute, not an inline script: the CSP allows no inline script.
 */
export function markIndex(html: string, facts: IndexFacts): string {
  return html.replace(/<html\b/i, `<html data-mode="${facts.mode}"`)
}

/** Hashed build output (`/assets/name-hash.js`): its name changes whenever its bytes do. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built client. Files come from `@fastify/static`: brotli or gzip copies written by
 * the build (vite.config.ts) when the browser accepts them, `Vary: Accept-Encoding`, ETags, hashed
 * assets cached for a year, everything else revalidated. What is the app's own stays here:
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
    // Appended, not set: CORS may have put Origin there.
    files.addHook('onSend', async (_req, reply, payload) => {
      // Lower case, as @fastify/compress writes and looks for it, so neither adds it twice.
      const vary = reply.getHeader('vary')
      if (vary === undefined) reply.header('vary', 'accept-encoding')
      else if (!/accept-encoding/i.test(String(vary)))
        reply.header('vary', `${String(vary)}, accept-encoding`)
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

  const sendIndex = async (reply: FastifyReply, status: number) => {
    const html = await readFile(indexPath, 'utf8').catch(() => undefined)
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build`.')
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(markIndex(html, facts))
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
    // Without a written build id, the hash of index.html changes with every build's asset hashes.
    const html = await readFile(indexPath).catch(() => Buffer.from('unbuilt'))
    return { id: createHash('sha256').update(html).digest('hex').slice(0, 16) }
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
    if (path === '/index.html') return sendIndex(reply, 200)
    let matches: (p: string) => boolean
    try {
      matches = routeMatcher(await loadRoutes())
    } catch (err) {
      req.log.warn({ err }, 'dist/routes.json is invalid; serving every path')
      matches = () => true
    }
    return sendIndex(reply, matches(path) ? 200 : 404)
  })
}
