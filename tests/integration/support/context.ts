import type { Db } from '../../../server/db/db'
import type { TestApp } from './harness'

/** What api.test.ts hands each suite: one app over one migrated, seeded database. */
export interface SuiteContext {
  db: Db
  t: TestApp
}
