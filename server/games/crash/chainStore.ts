/**
 * The crash hash chain: generated once at first start from node:crypto randomness, kept in
 * `crash_chains`, and published as `{ terminatingHash, salt, length }` for `npm run fair`.
 *
 * Games are played in the order the fairness module defines: game 1 first, then 2, 3...; game n's
 * hash is chain element n, and SHA-256 of it is game n-1's hash, so every revealed hash walks back
 * to the published terminating hash (game 0, never played) while the next game stays unknowable.
 * In generation order (seed first) that is playing the chain from its end backwards.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  CRASH_CHAIN_PUBLICATION_PATH,
  bytesToHex,
  crashChainPublicationSchema,
  createCrashPointer,
  hexToBytes,
  walkChain,
  type CrashChainPublication,
  type CrashPoint,
} from '../../../games/engine/fairness'
import type { Config } from '../../config'
import type { Queryable } from '../../db/db'

/** Games in a new chain: about 17 days of rounds at ~15 s each. */
const DEFAULT_CHAIN_LENGTH = 100_000

/**
 * One checkpoint every this many games, so game n's hash costs at most this many SHA-256 steps
 * instead of a walk from the seed (up to `length` steps) or the whole chain kept in memory.
 */
const CHECKPOINT_EVERY = 1000

/** A crash chain's id in `crash_chains`. */
export type ChainId = number & { readonly __brand: 'ChainId' }

/** An open chain: its public facts and the hash and crash point of any game. */
export interface CrashChain {
  readonly id: ChainId
  readonly salt: string
  readonly length: number
  readonly terminatingHash: string
  /** Game `game`'s hash (1..length), lower-case hex. Secret until the game has ended. */
  hashOf(game: number): string
  /** Game `game`'s crash point under the chain's salt. */
  crashPointOf(game: number): CrashPoint
  /**
   * The crash points of games `first`..`first + count - 1` (fewer at the chain's end), in play
   * order, for one walk of the chain instead of one per game.
   */
  crashPointsFrom(first: number, count: number): CrashPoint[]
  /** What to publish about the chain. */
  publication(): CrashChainPublication
}

interface ChainRow {
  id: number
  seed_hash: string
  salt: string
  length: number
  terminating_hash: string
}

/** Options of {@link openChain}; tests fix the seed and salt so crash points are known. */
export interface ChainOptions {
  /** Games in a chain created now. */
  length?: number
  /** Seed of a chain created now (64 hex digits); random by default. */
  seedHash?: string
  /** Salt of a chain created now; 32 random bytes in hex by default. */
  salt?: string
}

/**
 * Opens the newest chain, creating it at first start. Checkpoints are computed by one walk from
 * the seed (~0.2 s for 100,000 games) and the terminating hash is checked against the stored one,
 * so a corrupted seed stops the server instead of dealing unverifiable rounds.
 */
export async function openChain(db: Queryable, options: ChainOptions = {}): Promise<CrashChain> {
  let row = (
    await db.query<ChainRow>(
      'SELECT id, seed_hash, salt, length, terminating_hash FROM crash_chains ORDER BY id DESC LIMIT 1',
    )
  )[0]
  if (!row) {
    const seedHash = (options.seedHash ?? bytesToHex(randomBytes(32))).toLowerCase()
    const salt = options.salt ?? bytesToHex(randomBytes(32))
    const length = options.length ?? DEFAULT_CHAIN_LENGTH
    const terminatingHash = walkChain(seedHash, length)
    row = (
      await db.query<ChainRow>(
        `INSERT INTO crash_chains (seed_hash, salt, length, terminating_hash) VALUES ($1, $2, $3, $4)
         RETURNING id, seed_hash, salt, length, terminating_hash`,
        [seedHash, salt, length, terminatingHash],
      )
    )[0]
    if (!row) throw new Error('[crash/chain] chain insert returned no row')
  }
  return chainFromRow(row)
}

function chainFromRow(row: ChainRow): CrashChain {
  const { length, salt } = row
  // checkpoints.get(g) is game g's hash, for g = length and every multiple of CHECKPOINT_EVERY.
  const checkpoints = new Map<number, string>([[length, row.seed_hash]])
  const terminatingHash = walkChain(row.seed_hash, length, (bytes, step) => {
    const game = length - step
    if (game % CHECKPOINT_EVERY === 0) checkpoints.set(game, bytesToHex(bytes))
  })
  if (terminatingHash !== row.terminating_hash) {
    throw new Error(`[crash/chain] chain ${row.id}: the seed does not reach its terminating hash`)
  }
  const pointer = createCrashPointer(salt)
  const hashOf = (game: number): string => {
    if (!Number.isSafeInteger(game) || game < 1 || game > length) {
      throw new Error(`[crash/chain] game ${game} is outside chain ${row.id} (1..${length})`)
    }
    const above = Math.min(length, Math.ceil(game / CHECKPOINT_EVERY) * CHECKPOINT_EVERY)
    return walkChain(checkpoints.get(above)!, above - game)
  }
  return {
    id: row.id as ChainId,
    salt,
    length,
    terminatingHash,
    hashOf,
    crashPointOf: (game) => pointer(hexToBytes(hashOf(game))),
    crashPointsFrom(first, count) {
      const last = Math.min(length, first + count - 1)
      if (last < first) return []
      // Game n-1's hash is SHA-256 of game n's: walk down from the last game asked for.
      const points = [pointer(hexToBytes(hashOf(last)))]
      walkChain(hashOf(last), last - first, (bytes) => void points.push(pointer(bytes)))
      return points.reverse()
    },
    publication: () => crashChainPublicationSchema.parse({ terminatingHash, salt, length }),
  }
}

/**
 * Writes the chain's publication as JSON to `path` (atomically: a reader never sees half a file).
 * Rewritten at every start, so a deleted file comes back and always matches the database.
 */
export async function publishChain(chain: CrashChain, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(chain.publication(), null, 2) + '\n', 'utf8')
  await rename(tmp, path)
}

/**
 * Where the chain is published: next to the PGlite data directory (`.data/pglite` →
 * `.data/crash-chain.json`, where `npm run fair` looks), else the project default.
 */
export function defaultPublicationPath(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) {
    return CRASH_CHAIN_PUBLICATION_PATH
  }
  return join(dirname(config.dataDir), 'crash-chain.json')
}
