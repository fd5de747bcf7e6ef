import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { freePort } from './freePort'

/** Debian's redis-server binary, or undefined when it is not installed. */
export function findRedisServer(): string | undefined {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path))
}

/** A running throwaway Redis server. */
export interface RedisTestServer {
  url: string
  stop(): Promise<void>
}

/**
 * Starts a throwaway Redis server on loopback (nothing saved to disk), for the tests that run
 * several server processes on one socket.io adapter. Resolves once it accepts connections.
 */
export async function startRedisTestServer(): Promise<RedisTestServer> {
  const bin = findRedisServer()
  if (!bin) throw new Error('[redis-test-server] redis-server not found (Debian: redis-server)')
  const dir = await mkdtemp(join(tmpdir(), 'tessera-redis-'))
  const port = await freePort()
  const server = spawn(
    bin,
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: server.stdout! })
    lines.on('line', (line) => {
      if (line.includes('Ready to accept connections')) resolve()
    })
    void exited.then(() => reject(new Error('[redis-test-server] redis-server exited at start')))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      server.kill('SIGKILL')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
