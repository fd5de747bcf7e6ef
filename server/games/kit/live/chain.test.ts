import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bytesToHex, chainFrom, walkChain } from '../../../../games/engine/fairness'
import type { Queryable } from '../../../db/db'
import { openHashChain, publishChain } from './chain'

const seed = '0123456789abcdef'.repeat(4)
const where = { game: 'probe', table: 'probe_chains' }

/** A database holding one stored chain row (no PGlite needed to test the checkpoints). */
function storedChain(length: number, terminating = walkChain(seed, length)): Queryable {
  const row = { id: 1, seed_hash: seed, salt: 'salt', length, terminating_hash: terminating }
  return { query: <T>() => Promise.resolve([row] as T[]) }
}

describe("the live games' hash chain", () => {
  it('gives every game the hash of the full chain, across checkpoint boundaries', async () => {
    const length = 2500
    const chain = await openHashChain(storedChain(length), where)
    const full = chainFrom(seed, length)
    expect(chain.terminatingHash).toBe(full[0])
    for (const game of [1, 2, 999, 1000, 1001, 1999, 2000, 2001, 2499, 2500]) {
      expect(chain.hashOf(game)).toBe(full[game])
    }
    expect(() => chain.hashOf(0)).toThrow(/\[probe\/chain\] game 0 is outside/)
    expect(() => chain.hashOf(length + 1)).toThrow(/outside/)
  })

  it('reads a run of games in play order in one walk, stopping at the chain end', async () => {
    const chain = await openHashChain(storedChain(2500), where)
    const full = chainFrom(seed, 2500)
    expect(chain.readFrom(995, 10, bytesToHex)).toEqual(full.slice(995, 1005))
    expect(chain.readFrom(2498, 10, bytesToHex)).toEqual(full.slice(2498))
    expect(chain.readFrom(2501, 10, bytesToHex)).toEqual([])
  })

  it('refuses a seed that does not reach its stored terminating hash', async () => {
    await expect(openHashChain(storedChain(10, 'ab'.repeat(32)), where)).rejects.toThrow(
      /\[probe\/chain\] chain 1: the seed does not reach its terminating hash/,
    )
  })

  it("creates the chain in the game's own table at first start, from the options given", async () => {
    const queries: { sql: string; params: unknown[] | undefined }[] = []
    const db: Queryable = {
      query: <T>(sql: string, params?: unknown[]) => {
        queries.push({ sql, params })
        if (!sql.startsWith('INSERT')) return Promise.resolve([] as T[])
        const [seed_hash, salt, length, terminating_hash] = params as [
          string,
          string,
          number,
          string,
        ]
        return Promise.resolve([{ id: 7, seed_hash, salt, length, terminating_hash }] as T[])
      },
    }
    const chain = await openHashChain(db, where, {
      seedHash: seed.toUpperCase(),
      salt: 's',
      length: 5,
    })
    expect(queries.map((q) => q.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'SELECT id, seed_hash,',
      'INSERT INTO probe_chains',
    ])
    expect(queries[1]!.params).toEqual([seed, 's', 5, walkChain(seed, 5)])
    expect(chain.publication()).toEqual({
      terminatingHash: walkChain(seed, 5),
      salt: 's',
      length: 5,
    })
    expect(chain.hashOf(5)).toBe(seed)
  })

  it('takes a table name only as a plain identifier (it is spliced into the SQL)', async () => {
    const bad = { game: 'probe', table: 'x; DROP TABLE users' }
    await expect(openHashChain(storedChain(5), bad)).rejects.toThrow(/bad table name/)
  })

  it('publishes the chain as JSON through a temporary file, leaving none behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chain-'))
    try {
      const path = join(dir, 'deep', 'chain.json')
      const publication = { terminatingHash: walkChain(seed, 3), salt: 's', length: 3 }
      await publishChain(publication, path)
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(publication)
      expect(await readdir(join(dir, 'deep'))).toEqual(['chain.json'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
