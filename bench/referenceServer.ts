/**
 * The reference server as `npm run serve` runs it (sandbox mode, a throwaway `memory://`
 * database), in a child process over a built client, for the benchmarks that drive a real page:
 * lighthouse, and render's keno board. The seeded demo player logs in through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { DEMO } from '../server/db/seed'

/** A free loopback port (scripts/freePort.ts), for the server each benchmark starts. */
export { freePort } from '../scripts/freePort'

const root = join(import.meta.dirname, '..')

/**
 * Starts `server/main.ts` (sandbox mode, a throwaway database) over the built client in `dist`
 * on `port`; resolves once it answers.
 */
export async function startReferenceServer(
  port: number,
  dist: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      TESSERA_MODE: 'sandbox',
      DATA_DIR: 'memory://',
      DIST_DIR: dist,
      LOG_LEVEL: 'warn',
    },
  })
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${origin}/api/config`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { origin, child }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  child.kill()
  throw new Error('[bench] the reference server did not start in 60 s')
}

/** Logs the seeded demo player in through the API; returns the session token. */
export async function demoToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/api/v2/auth/login/email/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  })
  if (!res.ok) throw new Error(`[bench] demo log-in failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}
