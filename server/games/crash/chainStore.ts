/**
 * Crash's hash chain: the kit's live chain (kit/live/chain.ts) kept in `crash_chains`, read as
 * crash points under the chain's public salt, and published where `npm run fair` looks.
 */
import { dirname, join } from 'node:path'
import {
  CRASH_CHAIN_PUBLICATION_PATH,
  createCrashPointer,
  crashChainPublicationSchema,
  hexToBytes,
  type CrashChainPublication,
  type CrashPoint,
} from '../../../games/engine/fairness'
import type { Config } from '../../config'
import type { Queryable } from '../../db/db'
import { openHashChain, type ChainOptions, type HashChain } from '../kit/live/chain'

export type { ChainId, ChainOptions } from '../kit/live/chain'

/** An open crash chain: the kit's chain with the crash point of any game. */
export interface CrashChain extends Omit<HashChain, 'publication'> {
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

/** Opens the newest crash chain, creating it at first start (see {@link openHashChain}). */
export async function openChain(db: Queryable, options: ChainOptions = {}): Promise<CrashChain> {
  const chain = await openHashChain(db, { game: 'crash', table: 'crash_chains' }, options)
  const pointer = createCrashPointer(chain.salt)
  return {
    ...chain,
    crashPointOf: (game) => pointer(hexToBytes(chain.hashOf(game))),
    crashPointsFrom: (first, count) => chain.readFrom(first, count, pointer),
    publication: () => crashChainPublicationSchema.parse(chain.publication()),
  }
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
