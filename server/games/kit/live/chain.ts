/**
 * The live games' SHA-256 hash chain (ARCHITECTURE "Provably fair": crash and rooms): generated
 * once at first start from node:crypto randomness, kept as one row of the game's chains table, and
 * published as `{ terminatingHash, salt, length }` for `npm run fair`. What a game reads from a
 * hash (crash: its crash point) is the game's own; this module only stores and walks the chain.
 *
 * Games are played in the order the fairness module defines: game 1 first, then 2, 3...; game n's
 * hash is chain element n, and SHA-256 of it is game n-1's hash, so every revealed hash walks back
 * to the published terminating hash (game 0, never played) while the next game stays unknowable.
 * In generation order (seed first) that is playing the chain from its end backwards.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { bytesToHex, hexToBytes, walkChain } from '../../../../games/engine/fairness'
import type { Queryable } from '../../../db/db'

/** Games in a new chain: about 17 days of rounds at ~15 s each. */
const DEFAULT_CHAIN_LENGTH = 100_000

/**
 * One checkpoint every this many games, so game n's hash costs at most this many SHA-256 steps
 * instead of a walk from the seed (up to `length` steps) or the whole chain kept in memory.
 */
const CHECKPOINT_EVERY = 1000

/** A chain's id in its game's chains table. */
export type ChainId = number & { readonly __brand: 'ChainId' }

/** What a chain publishes: enough for anyone to verify every revealed game hash. */
export interface ChainPublication {
  terminatingHash: string
  salt: string
  length: number
}

/** An open chain: its public facts and the hash of any game. */
export interface HashChain {
  readonly id: ChainId
  readonly salt: string
  readonly length: number
  readonly terminatingHash: string
  /** Game `game`'s hash (1..length), lower-case hex. Secret until the game has ended. */
  hashOf(game: number): string
  /**
   * `read` of the hashes of games `first`..`first + count - 1` (fewer at the chain's end), in
   * play order, for one walk of the chain instead of one per game. `read` gets the raw bytes of
   * one hash, valid only during the call.
   */
  readFrom<T>(first: number, count: number, read: (hash: Uint8Array) => T): T[]
  /** What to publish about the chain. */
  publication(): ChainPublication
}

/** Options of {@link openHashChain}; tests fix the seed and salt so outcomes are known. */
export interface ChainOptions {
  /** Games in a chain created now. */
  length?: number
  /** Seed of a chain created now (64 hex digits); random by default. */
  seedHash?: string
  /** Salt of a chain created now; 32 random bytes in hex by default. */
  salt?: string
}

/** Where a game keeps its chains: a table with the columns of `crash_chains` (010_crash.sql). */
export interface ChainTable {
  /** The game's id, in error messages. */
  game: string
  /** The table's name: a constant of the game, never input (it is spliced into the SQL). */
  table: string
}

interface ChainRow {
  id: number
  seed_hash: string
  salt: string
  length: number
  terminating_hash: string
}

/**
 * Opens the newest chain of `where`, creating it at first start. Checkpoints are computed by one
 * walk from the seed (~0.2 s for 100,000 games) and the terminating hash is checked against the
 * stored one, so a corrupted seed stops the server instead of dealing unverifiable rounds.
 */
export async function openHashChain(
  db: Queryable,
  where: ChainTable,
  options: ChainOptions = {},
): Promise<HashChain> {
  const { game, table } = where
  if (!/^[a-z_]+$/.test(table)) throw new Error(`[${game}/chain] bad table name "${table}"`)
  const columns = 'id, seed_hash, salt, length, terminating_hash'
  let row = (
    await db.query<ChainRow>(`SELECT ${columns} FROM ${table} ORDER BY id DESC LIMIT 1`)
  )[0]
  if (!row) {
    const seedHash = (options.seedHash ?? bytesToHex(randomBytes(32))).toLowerCase()
    const salt = options.salt ?? bytesToHex(randomBytes(32))
    const length = options.length ?? DEFAULT_CHAIN_LENGTH
    const terminatingHash = walkChain(seedHash, length)
    row = (
      await db.query<ChainRow>(
        `INSERT INTO ${table} (seed_hash, salt, length, terminating_hash) VALUES ($1, $2, $3, $4)
         RETURNING ${columns}`,
        [seedHash, salt, length, terminatingHash],
      )
    )[0]
    if (!row) throw new Error(`[${game}/chain] chain insert returned no row`)
  }
  return chainFromRow(row, game)
}

function chainFromRow(row: ChainRow, game: string): HashChain {
  const { length, salt } = row
  // checkpoints.get(g) is game g's hash, for g = length and every multiple of CHECKPOINT_EVERY.
  const checkpoints = new Map<number, string>([[length, row.seed_hash]])
  const terminatingHash = walkChain(row.seed_hash, length, (bytes, step) => {
    const n = length - step
    if (n % CHECKPOINT_EVERY === 0) checkpoints.set(n, bytesToHex(bytes))
  })
  if (terminatingHash !== row.terminating_hash) {
    throw new Error(`[${game}/chain] chain ${row.id}: the seed does not reach its terminating hash`)
  }
  const hashOf = (n: number): string => {
    if (!Number.isSafeInteger(n) || n < 1 || n > length) {
      throw new Error(`[${game}/chain] game ${n} is outside chain ${row.id} (1..${length})`)
    }
    const above = Math.min(length, Math.ceil(n / CHECKPOINT_EVERY) * CHECKPOINT_EVERY)
    return walkChain(checkpoints.get(above)!, above - n)
  }
  return {
    id: row.id as ChainId,
    salt,
    length,
    terminatingHash,
    hashOf,
    readFrom(first, count, read) {
      const last = Math.min(length, first + count - 1)
      if (last < first) return []
      // Game n-1's hash is SHA-256 of game n's: walk down from the last game asked for.
      const values = [read(hexToBytes(hashOf(last)))]
      walkChain(hashOf(last), last - first, (bytes) => void values.push(read(bytes)))
      return values.reverse()
    },
    publication: () => ({ terminatingHash, salt, length }),
  }
}

/**
 * Writes `publication` as JSON to `path` (atomically: a reader never sees half a file). A game
 * rewrites it at every start, so a deleted file comes back and always matches the database.
 */
export async function publishChain(publication: ChainPublication, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(publication, null, 2) + '\n', 'utf8')
  await rename(tmp, path)
}
