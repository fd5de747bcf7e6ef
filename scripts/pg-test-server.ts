import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './freePort'

const run = promisify(execFile)

/** Directory of the PostgreSQL server binaries (Debian layout), or undefined when absent. */
export function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

/** A running throwaway PostgreSQL cluster. */
export interface PgTestServer {
  url: string
  stop(): Promise<void>
}

/**
 * Starts a throwaway PostgreSQL cluster in a temp directory (initdb + pg_ctl, trust auth, unix
 * socket in that directory, TCP off). initdb refuses to run as root, so when we are root the
 * cluster is created and run as the `postgres` system user.
 */
export async function startPgTestServer(): Promise<PgTestServer> {
  const bin = findPgBin()
  if (!bin) throw new Error('[pg-test-server] PostgreSQL binaries not found in /usr/lib/postgresql')
  const dir = await mkdtemp(join(tmpdir(), 'tessera-pg-'))
  const asRoot = process.getuid?.() === 0
  const as = async (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]
    return run(file, argv, { timeout: 60_000 })
  }
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  await chmod(dir, 0o700)
  const data = join(dir, 'data')
  const port = await freePort()
  await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  const opts = `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  await as(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    async stop() {
      await as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}
