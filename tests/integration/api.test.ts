import { afterAll, beforeAll, describe } from 'vitest'
import { testDrivers } from './support/drivers'
import type { SuiteContext } from './support/context'
import { startTestApp } from './support/harness'
import { authSuite } from './suites/auth'
import { deliverySuite } from './suites/delivery'
import { fuzzSuite } from './suites/fuzz'
import { hardeningSuite } from './suites/hardening'
import { moneySuite } from './suites/money'
import { passwordSuite } from './suites/passwords'
import { siteSuite } from './suites/site'
import { throttleSuite } from './suites/throttle'
import { wireSuite } from './suites/wire'

/**
 * The whole HTTP API, once per database driver (PGlite, then a throwaway PostgreSQL server).
 * One database per driver keeps the run short (starting one costs seconds); the suites use their
 * own players, and the fuzz suite runs last because it checks that nothing changed.
 */
describe.each(testDrivers())('HTTP API on $name', (driver) => {
  const ctx = {} as SuiteContext
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    ctx.db = opened.db
    ctx.t = await startTestApp(opened.db)
  }, 120_000)
  afterAll(async () => {
    await ctx.t?.close()
    await close?.()
  })
  authSuite(ctx)
  passwordSuite(ctx)
  moneySuite(ctx)
  siteSuite(ctx)
  hardeningSuite(ctx)
  throttleSuite(ctx)
  deliverySuite(ctx)
  fuzzSuite(ctx)
  wireSuite(ctx)
})
