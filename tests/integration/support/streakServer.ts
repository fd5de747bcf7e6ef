/**
 * A reference server process for the stateful kill test (tests/integration/statefulKill.test.ts):
 * the registry's instant games plus the coin-streak test game (server/games/kit/stateful/testingGame.ts)
 * on `/streak`, started as `server/main.ts` starts: migrations, the app, the games' recovery and
 * timers, then listening. A test game is never in the product's registry, hence this entry.
 */
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { migrate } from '../../../server/db/migrate'
import { openDb } from '../../../server/db/open'
import { seedDemo } from '../../../server/db/seed'
import { instantGameModules, statefulGameModules } from '../../../server/games'
import { liveModule } from '../../../server/games/kit/instant/module'
import { STREAK_GAME } from '../../../server/games/kit/stateful/testingGame'
import { Ledger } from '../../../server/ledger/ledger'
import { attachRealtime } from '../../../server/realtime/attach'

async function serve() {
  const config = loadConfig()
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  // Crash is left out: its chain is not this test's (crashKill.test.ts makes one for its own).
  const games = [...instantGameModules(), liveModule(), ...statefulGameModules([STREAK_GAME])]
  const { app, services } = await buildApp({ config, db, games })
  // The payment methods and the rest of the demo data, which a funded player needs.
  if (config.seedDemo) await seedDemo(db, new Ledger(db), config.scryptN)
  const realtime = await attachRealtime(app.server, services, { log: app.log, games })
  process.once('SIGTERM', () => {
    void (async () => {
      await realtime.close()
      await app.close()
      await db.close()
      process.exit(0)
    })()
  })
  // Fastify logs "Server listening at <origin>", which startServerProcess waits for.
  await app.listen({ port: config.port, host: config.host })
}

serve().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
