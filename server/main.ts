// Temporary static server until the reference server lands: serves the built client with an
// SPA fallback. Replaced by the Fastify server (issue: reference server).
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'

const root = join(process.cwd(), 'dist')
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.png': 'image/png',
}
const port = Number(process.env.PORT ?? 3000)
createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
  const file = join(root, path)
  readFile(file.startsWith(root) && extname(file) ? file : join(root, 'index.html'))
    .catch(() => readFile(join(root, 'index.html')))
    .then((body) => {
      res.writeHead(200, { 'content-type': types[extname(file)] ?? types['.html'] })
      res.end(body)
    })
}).listen(port, process.env.HOST ?? '0.0.0.0', () => console.log(`Tessera on :${port}`))
