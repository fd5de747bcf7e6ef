/**
 * The reference server's delivery of a built client (server/http: compression and static files,
 * the same plugins and settings as `npm run serve`) without its API or database, so a benchmark
 * measures the bytes the server really sends.
 */
import Fastify from 'fastify'
import { registerCompression } from '../server/http/compression'
import { clientConfigOf } from '../server/http/routes/misc'
import { registerStatic } from '../server/http/static'

/** Serves `root` on a free loopback port; resolves with its origin and a close function. */
export async function serveLikeReferenceServer(
  root: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  await registerCompression(app)
  await registerStatic(app, root, {
    config: clientConfigOf({ mode: 'production', gameServices: {} }),
  })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  return { origin, close: () => app.close() }
}

/** Bytes of the body the server sends for `path` to a browser that accepts brotli and gzip. */
export async function bytesSent(origin: string, path: string): Promise<number> {
  const res = await fetch(origin + path, {
    headers: { 'accept-encoding': 'br, gzip, deflate' },
  })
  if (!res.ok) throw new Error(`[bench] ${path}: ${res.status}`)
  if (res.headers.get('content-encoding') !== 'br') {
    throw new Error(`[bench] ${path} was not sent with brotli`)
  }
  // fetch decodes the body; the wire size is the stored brotli file's, which content-length gives.
  const length = Number(res.headers.get('content-length'))
  await res.arrayBuffer()
  return length
}
