import { buildApp } from './app'
import { assignPublicNames } from './auth/publicName'
import { loadConfig, sandboxWarning } from './config'
import { migrate } from './db/migrate'
import { openDb } from './db/open'
import { seedDemo } from './db/seed'
import { Ledger } from './ledger/ledger'
import { attachRealtime } from './realtime/attach'
import { seedWalletProviders } from './wallet'

/**
 * Entry point (`npm run serve`): reads the environment, opens and migrates the database, seeds
 * the demo data on first start, and serves the API and the built client on one port, with the live games' sockets beside them.
 */
async function main() {
  const config = loadConfig()
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const named = await assignPublicNames(db)
  const { app, services } = await buildApp({ config, db })
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied')
  if (named > 0) app.log.info({ named }, 'public names given to accounts without one')
  if (config.seedDemo && (await seedDemo(db, new Ledger(db), config.scryptN))) {
    app.log.info('demo data seeded: demo@tessera.test / tessera-demo')
  }
  // The game providers the wallet answers (WALLET_PROVIDERS), written at every start.
  await seedWalletProviders(db, config.wallet.providers)
  // Live games (socket.io namespaces) share the HTTP server; the crash loop starts here.
  const realtime = await attachRealtime(app.server, services, { log: app.log })
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    await realtime.close()
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
  // Loud whatever LOG_LEVEL says: a quiet log must not hide a sandbox on a public address.
  for (const line of sandboxWarning(config) ?? []) {
    if (['fatal', 'error', 'silent'].includes(config.logLevel)) console.warn(line)
    else app.log.warn(line)
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
