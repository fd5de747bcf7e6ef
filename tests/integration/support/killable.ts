import type { Db, Queryable } from '../../../server/db/db'
import type { SessionLocks } from '../../../server/db/locks'

/** A database connection of one server "process" that a test kills, as `kill -9` would. */
export interface KillableDb {
  /** The process's connection: hand it (and a Ledger over it) to the services under test. */
  readonly db: Db
  /** True once killed. */
  readonly dead: boolean
  /** Kills the process: from this instant nothing it sends reaches the database. */
  kill(): void
}

/** A promise that never settles: the answer a dead process never gets. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {})
}

/**
 * Wraps `db` for one process. After {@link KillableDb.kill}, every query, call and script it
 * sends never answers; an answer the database gives after the kill never reaches it either (the
 * process's code stops where it was); and a transaction it had open is rolled back (its next
 * statement fails, so its commit never comes), as the server does for a dropped connection.
 * Whatever the database received before the kill stays: the database itself lives on for the
 * process that restarts.
 */
export function killableDb(db: Db): KillableDb {
  let dead = false
  const alive = <T>(send: () => Promise<T>): Promise<T> =>
    dead ? never() : send().then((answer) => (dead ? never<T>() : answer))
  const inTransaction = (tx: Queryable): Queryable => ({
    query: (sql, params) =>
      dead ? Promise.reject(new Error('killed')) : tx.query(sql, params as unknown[]),
  })
  // The server lets a dropped connection's locks go: a killed process's leaderships end with it.
  const sessions: SessionLocks[] = []
  const conn: Db = {
    driver: db.driver,
    query: (sql, params) => alive(() => db.query(sql, params)),
    transaction: (fn, options) =>
      alive(() =>
        db.transaction(async (tx) => {
          const result = await fn(inTransaction(tx))
          if (dead) throw new Error('killed before its commit')
          return result
        }, options),
      ).catch((err: unknown) => (dead ? never() : Promise.reject(err))),
    callSerializable: (fn, args) => alive(() => db.callSerializable(fn, args)),
    exec: (sql) => alive(() => db.exec(sql)),
    sessionLocks() {
      const locks = db.sessionLocks()
      sessions.push(locks)
      return {
        tryLock: (name) => alive(() => locks.tryLock(name)),
        unlock: (name) => alive(() => locks.unlock(name)),
        // A dead process hears nothing more.
        onLost: (listener) => locks.onLost(() => dead || listener()),
        close: () => (dead ? Promise.resolve() : locks.close()),
      }
    },
    // The database outlives the process: closing is the test's business.
    close: () => Promise.resolve(),
  }
  return {
    db: conn,
    get dead() {
      return dead
    },
    kill() {
      dead = true
      for (const locks of sessions) void locks.close()
    },
  }
}
