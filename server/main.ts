import { buildApp } from './app'
import { loadConfig } from './config'
import { migrate } from './db/migrate'
import { openDb } from './db/open'
import { seedDemo } from './db/seed'
import { Ledger } from './ledger/ledger'

/**
 * Entry point (`npm run serve`): reads the environment, opens and migrates the database, seeds
 * the demo data on first start, and serves the API and the built client on one port.
 */
async function main() {
  const config = loadConfig()
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const { app } = await buildApp({ config, db })
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied')
  if (config.seedDemo && (await seedDemo(db, new Ledger(db), config.scryptN))) {
    app.log.info('demo data seeded: demo@tessera.test / tessera-demo')
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    await app.close()
    await db.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    `Tessera (${config.mode} mode, ${db.driver}) on ${config.publicUrl}` +
      (config.sandbox ? ` · sandbox outbox at ${config.publicUrl}/api/sandbox` : ''),
  )
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
