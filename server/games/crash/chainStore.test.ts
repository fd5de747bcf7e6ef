import { describe, expect, it } from 'vitest'
import { chainFrom, crashPoint, walkChain } from '../../../games/engine/fairness'
import type { Queryable } from '../../db/db'
import { defaultPublicationPath, openChain } from './chainStore'

const seed = '0123456789abcdef'.repeat(4)

/** A database holding one stored chain row (no PGlite needed to test the checkpoints). */
function storedChain(length: number, terminating = walkChain(seed, length)): Queryable {
  const row = { id: 1, seed_hash: seed, salt: 'salt', length, terminating_hash: terminating }
  return { query: <T>() => Promise.resolve([row] as T[]) }
}

describe('the crash chain store', () => {
  it('gives every game the hash of the full chain, across checkpoint boundaries', async () => {
    const length = 2500
    const chain = await openChain(storedChain(length))
    const full = chainFrom(seed, length)
    expect(chain.terminatingHash).toBe(full[0])
    for (const game of [1, 2, 999, 1000, 1001, 1999, 2000, 2001, 2499, 2500]) {
      expect(chain.hashOf(game)).toBe(full[game])
      expect(chain.crashPointOf(game)).toBe(crashPoint(full[game]!, 'salt'))
    }
    expect(() => chain.hashOf(0)).toThrow(/outside/)
    expect(() => chain.hashOf(length + 1)).toThrow(/outside/)
  })

  it('lists the crash points of a run of games in one walk, stopping at the chain end', async () => {
    const chain = await openChain(storedChain(2500))
    const run = chain.crashPointsFrom(995, 10)
    expect(run).toEqual(Array.from({ length: 10 }, (_, i) => chain.crashPointOf(995 + i)))
    expect(chain.crashPointsFrom(2498, 10)).toEqual([2498, 2499, 2500].map(chain.crashPointOf))
    expect(chain.crashPointsFrom(2501, 10)).toEqual([])
  })

  it('refuses a seed that does not reach its stored terminating hash', async () => {
    await expect(openChain(storedChain(10, 'ab'.repeat(32)))).rejects.toThrow(/terminating/)
  })

  it('publishes beside the PGlite data directory, else at the project default', () => {
    expect(defaultPublicationPath({ dataDir: '.data/pglite', databaseUrl: undefined })).toBe(
      '.data/crash-chain.json',
    )
    expect(defaultPublicationPath({ dataDir: '/srv/t/db', databaseUrl: undefined })).toBe(
      '/srv/t/crash-chain.json',
    )
    expect(defaultPublicationPath({ dataDir: 'memory://', databaseUrl: undefined })).toBe(
      '.data/crash-chain.json',
    )
  })
})
