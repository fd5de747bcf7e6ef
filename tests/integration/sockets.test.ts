import { afterAll, beforeAll, describe } from 'vitest'
import { testDrivers } from './support/drivers'
import { startSocketsApp, type SocketsApp } from './support/sockets'
import { socketBudgetsSuite } from './suites/socketBudgets'
import { socketFuzzSuite } from './suites/socketFuzz'
import { socketSessionsSuite } from './suites/socketSessions'

/**
 * The game sockets over real HTTP, once per database driver (PGlite, then a throwaway PostgreSQL
 * server): every game of the registry on its namespace (server/realtime), with log-out,
 * revocation and password change over the HTTP API beside them. The fuzz runs last: it leaves
 * bets behind.
 */
describe.each(testDrivers())('game sockets on $name', (driver) => {
  const ctx = {} as { s: SocketsApp }
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    ctx.s = await startSocketsApp(opened.db, driver.name)
  }, 120_000)
  afterAll(async () => {
    await ctx.s?.close()
    await close?.()
  })
  socketSessionsSuite(ctx)
  socketBudgetsSuite(ctx)
  socketFuzzSuite(ctx)
})
