import { Codes } from './auth/codes'
import { Sessions } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/db'
import { Ledger } from './ledger/ledger'
import { Outbox } from './sandbox/outbox'
import { TestHooks } from './testHooks'

/** Everything route handlers use, built once per app (tests build one per suite). */
export interface Services {
  config: Config
  db: Db
  ledger: Ledger
  sessions: Sessions
  codes: Codes
  outbox: Outbox
  /** The clock; tests move it to cross session and code timeouts. */
  now: () => Date
  /** Background timers (sandbox auto-pay), cleared when the app closes. */
  timers: Set<NodeJS.Timeout>
  /** The live games' test hooks (`TEST_HOOKS=true` only), else null. */
  testHooks: TestHooks | null
}

/** Wires the services over one database. */
export function createServices(
  config: Config,
  db: Db,
  now: () => Date = () => new Date(),
): Services {
  return {
    config,
    db,
    ledger: new Ledger(db),
    sessions: new Sessions(
      db,
      {
        accessTtlS: config.accessTokenTtlS,
        idleTtlS: config.sessionIdleTtlS,
        absoluteTtlS: config.sessionAbsoluteTtlS,
      },
      now,
    ),
    codes: new Codes(db, now),
    outbox: new Outbox(db, now),
    now,
    timers: new Set(),
    testHooks: config.testHooks ? new TestHooks() : null,
  }
}
