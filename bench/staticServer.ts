/** A minimal static server over dist/ with an SPA fallback, so benchmarks need no app server. */
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
}

/** Serves `root` on a free loopback port; resolves with its origin and a close function. */
export async function serveStatic(
  root: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    const file = join(root, path)
    const target = file.startsWith(root) && extname(file) ? file : join(root, 'index.html')
    readFile(target)
      .then((body) => {
        res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' })
        res.end(body)
      })
      .catch(() => {
        res.writeHead(404)
        res.end()
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
