import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Db } from '../../../server/db/db'
import { seedWalletProviders } from '../../../server/wallet'
import { DEMO, seedDemo } from '../../../server/db/seed'
import { Ledger } from '../../../server/ledger/ledger'
import type { ServerGame } from '../../../server/games'
import type { Services } from '../../../server/services'
import type { TestDriver } from './drivers'

/** A movable clock: tests jump past session, code and invoice timeouts. */
export class TestClock {
  offsetMs = 0
  now = () => new Date(Date.now() + this.offsetMs)
  advance(ms: number) {
    this.offsetMs += ms
  }
}

/** The name a test's temporary client build starts with; `close()` removes such a folder. */
export const DIST_PREFIX = 'tessera-dist-'

/** A fake built client: index.html and the route table the client build writes. */
async function fakeDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), DIST_PREFIX))
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  )
  await writeFile(join(dir, 'app.js'), 'console.log(1)')
  await writeFile(
    join(dir, 'routes.json'),
    JSON.stringify({
      patterns: [
        { path: '/' },
        { path: '/profile' },
        { path: '/profile/history' },
        { path: '/tournament/:id', params: { id: '^[1-9][0-9]{0,9}$' } },
      ],
      locales: ['ru', 'kz'],
    }),
  )
  return dir
}

/** A running app over a migrated, seeded database, driven with `inject` (no port). */
export interface TestApp {
  app: FastifyInstance
  services: Services
  /** Every registered route, "METHOD /path". */
  routes: string[]
  clock: TestClock
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      body?: unknown
      token?: string
      headers?: Record<string, string>
      raw?: string
      /** The client's address (127.0.0.1, this machine, unless given). */
      remoteAddress?: string
    },
  ): Promise<LightMyRequestResponse>
  /** Logs in by e-mail and password; returns the access and refresh tokens. */
  login(email?: string, password?: string): Promise<{ token: string; refresh_token: string }>
  /** The latest outbox code sent to `to`. */
  lastCode(to: string): Promise<string>
  close(): Promise<void>
}

/**
 * Builds the app over `db` with test settings; `env` overrides the environment, `games` the
 * registry's games (a test game's routes and history).
 */
export async function startTestApp(
  db: Db,
  env: Record<string, string> = {},
  games?: readonly ServerGame[],
): Promise<TestApp> {
  const distDir = env.DIST_DIR ?? (await fakeDist())
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SCRYPT_N: '1024',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN: '10000',
    RATE_LIMIT_CODES: '10000',
    RATE_LIMIT_REGISTER: '10000',
    TESSERA_MODE: 'sandbox',
    BLOCKED_COUNTRIES: 'US,GB',
    CORS_ORIGINS: 'https://allowed.example',
    PUBLIC_URL: 'http://tessera.test',
    // The suites call guarded routes directly; the bot check runs for real in botcheck.test.ts
    // (and in the e2e server), which passes BOT_CHECK=altcha.
    BOT_CHECK: 'off',
    ...env,
    DIST_DIR: distDir,
  })
  const clock = new TestClock()
  const { app, services, routes } = await buildApp({
    config,
    db,
    now: clock.now,
    logger: false,
    ...(games ? { games } : {}),
  })
  await seedDemo(db, new Ledger(db), config.scryptN, clock.now())
  // As server/main.ts does at start: the wallet's providers from the config.
  await seedWalletProviders(db, config.wallet.providers)
  await app.ready()
  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.raw !== undefined || opts.body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
        ...opts.headers,
      },
      ...(opts.raw !== undefined
        ? { payload: opts.raw }
        : opts.body !== undefined
          ? { payload: JSON.stringify(opts.body) }
          : {}),
    })
  return {
    app,
    services,
    routes,
    clock,
    call,
    async login(email = DEMO.email, password = DEMO.password) {
      const res = await call('POST', '/api/api/v2/auth/login/email/password', {
        body: { email, password },
      })
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
      return res.json<{ token: string; refresh_token: string }>()
    },
    async lastCode(to) {
      const res = await call('GET', `/api/sandbox/outbox?to=${encodeURIComponent(to)}&limit=1`)
      const code = res.json<{ data: { code: string | null }[] }>().data[0]?.code
      if (!code) throw new Error(`no code sent to ${to}`)
      return code
    },
    async close() {
      await app.close()
      // The temporary builds (this one's, or a suite's `tessera-dist-*` passed in) go with the app.
      if (basename(distDir).startsWith(DIST_PREFIX))
        await rm(distDir, { recursive: true, force: true })
    },
  }
}

/** A game kit's log in a suite: info lines dropped, errors on the console, by a failing test. */
export const quietLog = {
  info: () => {},
  error: (obj: object, msg: string) => console.error(msg, obj),
}

/**
 * A fresh database of `driver` and an app over it (`env` and `games` as {@link startTestApp}
 * takes them), for a suite's `beforeAll`; `close` closes the app, then the database. A database
 * whose app did not start is closed at once: the suite's `afterAll` has nothing to close then.
 */
export async function openTestApp(
  driver: TestDriver,
  env?: Record<string, string>,
  games?: readonly ServerGame[],
): Promise<{ db: Db; t: TestApp; close(): Promise<void> }> {
  const opened = await driver.open()
  let t: TestApp
  try {
    t = await startTestApp(opened.db, env, games)
  } catch (err) {
    await opened.close()
    throw err
  }
  return {
    db: opened.db,
    t,
    async close() {
      await t.close()
      await opened.close()
    },
  }
}
