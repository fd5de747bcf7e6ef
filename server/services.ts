import { Codes } from './auth/codes'
import { BotCheck } from './botcheck/botCheck'
import { Sessions } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/db'
import type { SessionLocks } from './db/locks'
import { FeedPrivacy } from './games/kit/privacy'
import { LoginThrottle } from './http/throttle/login'
import { MemoryCounterStore } from './http/throttle/memory'
import type { CounterStore } from './http/throttle/store'
import { Ledger } from './ledger/ledger'
import { Outbox } from './sandbox/outbox'
import { TestHooks } from './testHooks'

/** Everything route handlers use, built once per app (tests build one per suite). */
export interface Services {
  config: Config
  db: Db
  /** The process's advisory locks: each live loop it leads holds one (games/kit/live/leader.ts). */
  locks: SessionLocks
  ledger: Ledger
  sessions: Sessions
  codes: Codes
  outbox: Outbox
  /** Every counter of the HTTP side: per-address rate limits, per-account log-in backoff. */
  counters: CounterStore
  /** The per-account log-in backoff, over `counters`. */
  loginThrottle: LoginThrottle
  /** The clock; tests move it to cross session and code timeouts. */
  now: () => Date
  /** Background timers (sandbox auto-pay), cleared when the app closes. */
  timers: Set<NodeJS.Timeout>
  /** Players hidden from public feeds ("Hide my statistics"), kept current by the settings call. */
  privacy: FeedPrivacy
  /** The live games' test hooks (`TEST_HOOKS=true` only), else null. */
  testHooks: TestHooks | null
  /** The bot check of registration, log-in code requests and password forgot calls. */
  botCheck: BotCheck
}

/** Wires the services over one database. */
export function createServices(
  config: Config,
  db: Db,
  now: () => Date = () => new Date(),
): Services {
  const counters = new MemoryCounterStore()
  return {
    config,
    db,
    locks: db.sessionLocks(),
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
    counters,
    loginThrottle: new LoginThrottle(counters, now),
    now,
    timers: new Set(),
    privacy: new FeedPrivacy(db),
    testHooks: config.testHooks ? new TestHooks() : null,
    botCheck: new BotCheck(db, config.botCheck, now),
  }
}
