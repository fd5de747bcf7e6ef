/**
 * The one SQL interface of the server. Two drivers implement it (PGlite embedded, `pg` for a
 * PostgreSQL server); code above this layer writes plain PostgreSQL and never knows which.
 * BIGINT columns come back as JS numbers (checked to be safe integers) on both drivers.
 */
import type { SessionLocks } from './locks'

export type Row = Record<string, unknown>

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
}

export interface TransactionOptions {
  /** Default `serializable`: every money path runs at the strictest level. */
  isolation?: 'serializable' | 'read committed'
}

/** A database handle. */
export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg'
  /** Runs `fn` in one transaction; commits if it resolves, rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * Runs `SELECT * FROM fn(args...)` as one whole SERIALIZABLE transaction, as cheaply as the
   * driver allows. PGlite sends ONE simple query, `SET TRANSACTION ISOLATION LEVEL SERIALIZABLE;
   * SET LOCAL enable_seqscan = off; SELECT ...` (one implicit transaction, committed at its end,
   * rolled back whole on any error; arguments written by {@link sqlLiteral}); `pg` runs a
   * `transaction` with bound parameters, which measured faster on a PostgreSQL server.
   * The money movements use it (server/ledger).
   */
  callSerializable<T = Row>(fn: string, args: readonly SqlScalar[]): Promise<T[]>
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>
  /**
   * A new session of advisory locks (locks.ts): what it takes is held until it lets go, closes, or
   * its process dies. One per process is enough; a live loop's leader takes its lock there.
   */
  sessionLocks(): SessionLocks
  close(): Promise<void>
}

/** A value {@link sqlLiteral} can write. */
export type SqlScalar = string | number | boolean | null

/**
 * Writes `value` as a SQL literal: integers as digits, strings as `E'...'` with `\` and `'`
 * doubled (valid whatever `standard_conforming_strings` says). Anything else (fractions, unsafe
 * integers, NUL characters, which PostgreSQL text cannot hold) throws rather than being guessed.
 */
export function sqlLiteral(value: SqlScalar): string {
  if (value === null) return 'NULL'
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`[db] ${value} is not a safe integer`)
    return String(value)
  }
  if (value.includes('\0')) throw new Error('[db] a SQL string cannot hold a NUL character')
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/** The one simple query PGlite's {@link Db.callSerializable} sends. */
export function serializableCallSql(fn: string, args: readonly SqlScalar[]): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(fn)) throw new Error(`[db] "${fn}" is not a function name`)
  return (
    'SET TRANSACTION ISOLATION LEVEL SERIALIZABLE; SET LOCAL enable_seqscan = off; ' +
    `SELECT * FROM ${fn}(${args.map(sqlLiteral).join(', ')})`
  )
}

/** Parses an int8 text value, refusing values a JS number cannot hold exactly. */
export function parseInt8(text: string): number {
  const n = Number(text)
  if (!Number.isSafeInteger(n)) throw new Error(`[db] int8 value ${text} exceeds 2^53`)
  return n
}

/** SQLSTATE of an error thrown by either driver, if any. */
export function sqlState(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** Name of the violated constraint of a driver error, if any. */
export function sqlConstraint(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'constraint' in err) {
    const c = (err as { constraint: unknown }).constraint
    if (typeof c === 'string') return c
  }
  return undefined
}
