import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wasm': 'application/wasm',
}

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

async function fileIfExists(path: string) {
  try {
    const s = await stat(path)
    return s.isFile() ? s : undefined
  } catch {
    return undefined
  }
}

/**
 * Serves the built client: static files from `distDir`, `builds/latest.json` (the app-version
 * poll), and the SPA fallback: index.html with 200 for a client route, 404 otherwise (the client
 * then shows its not-found page).
 */
export function registerStatic(app: FastifyInstance, distDir: string): void {
  const root = resolve(distDir)
  const indexPath = join(root, 'index.html')

  const sendIndex = async (reply: FastifyReply, status: number) => {
    const html = await readFile(indexPath).catch(() => undefined)
    if (!html) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build`.')
    }
    return reply
      .status(status)
      .type(contentTypes['.html']!)
      .header('cache-control', 'no-cache')
      .send(html)
  }

  const loadRoutes = async () => {
    const raw = await readFile(join(root, 'routes.json'), 'utf8').catch(() => undefined)
    if (raw === undefined) return undefined
    return routesFile.parse(JSON.parse(raw) as unknown)
  }

  app.get('/builds/latest.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    const built = await readFile(join(root, 'builds', 'latest.json'), 'utf8').catch(() => undefined)
    if (built !== undefined) return reply.type(contentTypes['.json']!).send(built)
    // Without a written build id, the hash of index.html changes with every build's asset hashes.
    const html = await readFile(indexPath).catch(() => Buffer.from('unbuilt'))
    return { id: createHash('sha256').update(html).digest('hex').slice(0, 16) }
  })

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
    const file = resolve(root, '.' + path)
    if ((file === root || file.startsWith(root + sep)) && extname(file) !== '') {
      const s = await fileIfExists(file)
      if (s) {
        const immutable = file.startsWith(join(root, 'assets') + sep)
        reply
          .type(contentTypes[extname(file)] ?? 'application/octet-stream')
          .header('content-length', s.size)
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        return reply.send(createReadStream(file))
      }
      // A missing asset is a 404, not index.html: a stale chunk must fail loudly so the
      // client's chunk-load handler reloads.
      if (path.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found')
    }
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
