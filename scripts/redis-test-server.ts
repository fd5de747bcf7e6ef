import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

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
 * Starts a throwaway Redis server on a unix socket in a temp directory (no TCP port, nothing
 * saved to disk), for the tests that run several server processes on one socket.io adapter.
 */
export async function startRedisTestServer(): Promise<RedisTestServer> {
  const bin = findRedisServer()
  if (!bin) throw new Error('[redis-test-server] redis-server not found (Debian: redis-server)')
  const dir = await mkdtemp(join(tmpdir(), 'tessera-redis-'))
  const socket = join(dir, 'redis.sock')
  const server = spawn(
    bin,
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  )
  const cli = (...args: string[]) => run('redis-cli', ['-s', socket, ...args], { timeout: 5_000 })
  for (let tries = 0; ; tries++) {
    if (
      await cli('ping').then(
        ({ stdout }) => stdout.trim() === 'PONG',
        () => false,
      )
    )
      break
    if (tries >= 100 || server.exitCode !== null) {
      server.kill('SIGKILL')
      throw new Error('[redis-test-server] redis-server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis+unix://${socket}`,
    async stop() {
      server.kill('SIGKILL')
      await rm(dir, { recursive: true, force: true })
    },
  }
}
