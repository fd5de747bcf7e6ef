import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashServerSeed } from '../../../../games/engine/fairness'
import type { Services } from '../../../services'
import { openTestServices } from '../../crash/testing'
import type { UserId } from '../player'
import { SeedPairs, type StatefulGame } from './seeds'
import { fixedSeeds, instantPlayer } from './testing'

let services: Services
let seeds: SeedPairs
let clock = 1_000

beforeAll(async () => {
  services = await openTestServices()
  seeds = new SeedPairs(services.db, () => clock, fixedSeeds('seeds'))
}, 60_000)
afterAll(() => services.db.close())

/** A stateful game whose open rounds the test sets (miner, hilo... do not exist yet). */
function fakeStatefulGame(): StatefulGame & { open: Set<UserId> } {
  const open = new Set<UserId>()
  return { game: 'fake', open, hasOpenRound: (userId) => Promise.resolve(open.has(userId)) }
}

describe('seed pairs', () => {
  it('makes one active pair on first use: a hashed server seed, a client seed, nonce 0', async () => {
    const { user } = await instantPlayer(services, 0)
    const [a, b] = await Promise.all([seeds.current(user.userId), seeds.current(user.userId)])
    expect(b).toEqual(a)
    expect(a.nonce).toBe(0)
    expect(a.serverSeed).toMatch(/^[0-9a-f]{64}$/)
    expect(a.serverSeedHash).toBe(hashServerSeed(a.serverSeed))
    expect(a.nextServerSeedHash).not.toBe(a.serverSeedHash)
    expect(a.clientSeed.length).toBeGreaterThan(0)
    const stored = await services.db.query(`SELECT 1 FROM seed_pairs WHERE user_id = $1`, [
      user.userId,
    ])
    expect(stored).toHaveLength(1)
  })

  it('keeps the pair across a restart (a new process reads it back)', async () => {
    const { user } = await instantPlayer(services, 0)
    const before = await seeds.current(user.userId)
    const restarted = new SeedPairs(services.db, () => clock, fixedSeeds('restarted'))
    expect(await restarted.current(user.userId)).toEqual(before)
  })

  it('changes the client seed, keeping the server seed and the nonce', async () => {
    const { user } = await instantPlayer(services, 0)
    const before = await seeds.current(user.userId)
    const after = await seeds.setClientSeed(user.userId, 'my lucky seed ~!')
    expect(after).toEqual({ ...before, clientSeed: 'my lucky seed ~!' })
  })

  it('rotates: reveals the old server seed, activates the committed next one at nonce 0', async () => {
    const { user } = await instantPlayer(services, 0)
    const before = await seeds.current(user.userId)
    await services.db.query(`UPDATE seed_pairs SET nonce = 7 WHERE id = $1`, [before.id])
    seeds.forget(user.userId)
    clock += 5
    const rotated = await seeds.rotate(user.userId)
    if (rotated === 'game_in_progress') throw new Error('refused')
    expect(rotated.previous).toEqual({
      serverSeed: before.serverSeed,
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      nonce: 7,
    })
    expect(hashServerSeed(rotated.previous.serverSeed)).toBe(before.serverSeedHash)
    expect(rotated.active.serverSeedHash).toBe(before.nextServerSeedHash)
    expect(hashServerSeed(rotated.active.serverSeed)).toBe(before.nextServerSeedHash)
    expect(rotated.active).toMatchObject({ nonce: 0, clientSeed: before.clientSeed })
    expect(await seeds.current(user.userId)).toEqual(rotated.active)
    const rows = await services.db.query<{ status: string; retired_at: number | null }>(
      `SELECT status, retired_at FROM seed_pairs WHERE user_id = $1 ORDER BY id`,
      [user.userId],
    )
    expect(rows).toEqual([
      { status: 'retired', retired_at: clock },
      { status: 'active', retired_at: null },
    ])
    const again = await seeds.rotate(user.userId, 'fresh')
    if (again === 'game_in_progress') throw new Error('refused')
    expect(again.previous.serverSeed).toBe(rotated.active.serverSeed)
    expect(again.active.clientSeed).toBe('fresh')
  })

  it('refuses rotation and client seed changes while a registered stateful game is open', async () => {
    const { user } = await instantPlayer(services, 0)
    const game = fakeStatefulGame()
    const unregister = seeds.registerStateful(game)
    try {
      const before = await seeds.current(user.userId)
      game.open.add(user.userId)
      expect(await seeds.rotate(user.userId)).toBe('game_in_progress')
      expect(await seeds.setClientSeed(user.userId, 'x')).toBe('game_in_progress')
      expect(await seeds.current(user.userId)).toEqual(before)
      game.open.delete(user.userId)
      expect(await seeds.rotate(user.userId)).not.toBe('game_in_progress')
      game.open.add(user.userId)
    } finally {
      unregister()
    }
    // Unregistered, the game no longer holds the pair.
    expect(await seeds.rotate(user.userId)).not.toBe('game_in_progress')
  })

  it('runs one player’s work in order, another player’s alongside', async () => {
    const order: string[] = []
    // a1 waits until b1 has run: were b queued behind a, this would never finish.
    let releaseA1!: () => void
    const a1Gate = new Promise<void>((resolve) => (releaseA1 = resolve))
    const [a, b] = [1 as UserId, 2 as UserId]
    await Promise.all([
      seeds.exclusive(a, async () => {
        await a1Gate
        order.push('a1')
      }),
      seeds.exclusive(a, async () => {
        order.push('a2')
      }),
      seeds.exclusive(b, async () => {
        order.push('b1')
        releaseA1()
      }),
    ])
    expect(order).toEqual(['b1', 'a1', 'a2'])
  })

  // Migration 016 moved these checks from the table to domains, so a bet's nonce update skips them:
  // every write of a seed is still checked.
  it('refuses a seed outside its pattern wherever one is written', async () => {
    const { user } = await instantPlayer(services, 0)
    const pair = await seeds.current(user.userId)
    const refused = (sql: string, params: unknown[]) =>
      expect(services.db.query(sql, params)).rejects.toMatchObject({ code: '23514' })
    await refused(`UPDATE seed_pairs SET client_seed = $2 WHERE id = $1`, [pair.id, 'tab\there'])
    await refused(`UPDATE seed_pairs SET client_seed = $2 WHERE id = $1`, [pair.id, ''])
    for (const column of ['server_seed', 'server_seed_hash', 'next_server_seed_hash']) {
      await refused(`UPDATE seed_pairs SET ${column} = $2 WHERE id = $1`, [pair.id, 'A'.repeat(64)])
    }
    await refused(
      `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed,
         next_server_seed, next_server_seed_hash, status, created_at, retired_at)
       VALUES ($1, $2, $3, 'ok', $3, $3, 'retired', 0, 0)`,
      [user.userId, 'f'.repeat(63), 'f'.repeat(64)],
    )
    expect(await seeds.current(user.userId)).toEqual(pair)
  })
})
