/**
 * The players' seed pairs (migration 013): the active pair every instant bet of any game draws
 * from, the client seed a player may change, and rotation, which reveals the server seed. Each
 * player's bets and seed changes run one at a time in this process ({@link SeedPairs.exclusive}),
 * so a bet always draws from the nonce it will claim; the database claims it for good (the bet's
 * movement refuses a nonce the pair has moved past, `nonce_stale`), so two processes never
 * share one either.
 */
import { randomBytes } from 'node:crypto'
import { hashServerSeed } from '../../../../games/engine/fairness'
import type { Db, Queryable } from '../../../db/db'
import { withRetry } from '../../../ledger/retry'
import type { UserId } from '../player'

/** A player's active seed pair, secret included (never sent before rotation). */
export interface SeedPair {
  readonly id: number
  readonly userId: UserId
  readonly serverSeed: string
  readonly serverSeedHash: string
  readonly clientSeed: string
  /** The nonce the next bet draws from. */
  readonly nonce: number
  readonly nextServerSeedHash: string
}

/** A retired pair, revealed: everything needed to verify its bets (nonces 0 .. nonce - 1). */
export interface RevealedPair {
  readonly serverSeed: string
  readonly serverSeedHash: string
  readonly clientSeed: string
  readonly nonce: number
}

/**
 * A game whose round spans several commands (miner, hilo, a coinflip series) and draws each step
 * from the active pair: while one is open, the pair must not change under it.
 */
export interface StatefulGame {
  readonly game: string
  /** True while the player has an open round of this game. */
  hasOpenRound(userId: UserId): Promise<boolean>
}

/** Why a seed change was refused: a stateful game is open (`game_in_progress`). */
export type SeedRefusal = 'game_in_progress'

interface PairRow {
  id: number
  user_id: number
  server_seed: string
  server_seed_hash: string
  client_seed: string
  nonce: number
  next_server_seed_hash: string
}

const PAIR_COLUMNS =
  'id, user_id, server_seed, server_seed_hash, client_seed, nonce, next_server_seed_hash'

/** How many players' active pairs the process keeps in memory. */
const CACHE_SIZE = 50_000

/** Where new seeds come from: random bytes, or a fixed sequence in tests. */
export interface SeedSource {
  /** A new server seed: 64 hex digits (32 bytes; the HMAC key is this text). */
  serverSeed(): string
  /** A new default client seed: 1 to 64 printable characters. */
  clientSeed(): string
}

/** Server seeds of 32 random bytes; client seeds of 16 random characters a player can type. */
export const randomSeeds: SeedSource = {
  serverSeed: () => randomBytes(32).toString('hex'),
  clientSeed: () => randomBytes(12).toString('base64url'),
}

/**
 * True when the player has an open stateful round (migration 027), read inside a seed change's own
 * serializable transaction: the round's opening claims a nonce of the same pair row, so a
 * rotation or client-seed change served by any process either sees the round or conflicts with
 * its opening and is retried. (The per-process list of `registerStateful` is kept for games that
 * keep their rounds elsewhere.)
 */
async function openRoundIn(tx: Queryable, userId: UserId): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM stateful_rounds WHERE user_id = $1 AND status = 'open' LIMIT 1`,
    [userId],
  )
  return rows.length > 0
}

function pairOf(row: PairRow): SeedPair {
  return {
    id: row.id,
    userId: row.user_id as UserId,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    nextServerSeedHash: row.next_server_seed_hash,
  }
}

/** The seed pairs of every player, with the per-player order of bets and seed changes. */
export class SeedPairs {
  private readonly cache = new Map<UserId, SeedPair>()
  private readonly queues = new Map<UserId, Promise<unknown>>()
  private readonly stateful: StatefulGame[] = []

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly source: SeedSource = randomSeeds,
  ) {}

  /**
   * Registers a stateful game: rotation and client seed changes are refused while it says a
   * round is open. Returns the way to unregister it (the game stopping).
   */
  registerStateful(game: StatefulGame): () => void {
    this.stateful.push(game)
    return () => {
      const at = this.stateful.indexOf(game)
      if (at >= 0) this.stateful.splice(at, 1)
    }
  }

  /**
   * Runs `work` after every earlier bet and seed change of the player has finished (in this
   * process), so the nonce it reads is the one it claims.
   */
  exclusive<T>(userId: UserId, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(userId) ?? Promise.resolve()
    const result = before.then(work, work)
    const tail = result.then(
      () => {},
      () => {},
    )
    this.queues.set(userId, tail)
    void tail.then(() => {
      if (this.queues.get(userId) === tail) this.queues.delete(userId)
    })
    return result
  }

  /** The player's active pair (made on first use), from memory when this process knows it. */
  async active(userId: UserId): Promise<SeedPair> {
    const known = this.cache.get(userId)
    if (known) return known
    return this.remember(await this.load(this.db, userId))
  }

  /** Forgets the remembered pair: another process moved it on (a `nonce_stale` refusal). */
  forget(userId: UserId): void {
    this.cache.delete(userId)
  }

  /** Records that a bet claimed the pair's nonce. */
  advanced(pair: SeedPair): void {
    if (this.cache.get(pair.userId)?.id === pair.id) {
      this.cache.set(pair.userId, { ...pair, nonce: pair.nonce + 1 })
    }
  }

  /** The player's active pair as stored (made on first use): what the seeds call shows. */
  current(userId: UserId): Promise<SeedPair> {
    return this.exclusive(userId, async () => this.remember(await this.load(this.db, userId)))
  }

  /** Sets the active pair's client seed (its nonce goes on); refused while a round is open. */
  setClientSeed(userId: UserId, clientSeed: string): Promise<SeedPair | SeedRefusal> {
    return this.exclusive(userId, async () => {
      if (await this.roundOpen(userId)) return 'game_in_progress'
      await this.load(this.db, userId)
      const changed = await withRetry(() =>
        this.db.transaction(async (tx) => {
          if (await openRoundIn(tx, userId)) return 'game_in_progress' as const
          const rows = await tx.query<PairRow>(
            `UPDATE seed_pairs SET client_seed = $2 WHERE user_id = $1 AND status = 'active'
             RETURNING ${PAIR_COLUMNS}`,
            [userId, clientSeed],
          )
          return pairOf(rows[0]!)
        }),
      )
      return changed === 'game_in_progress' ? changed : this.remember(changed)
    })
  }

  /**
   * Retires the active pair (its server seed revealed) and makes the committed next seed active
   * with nonce 0 and `clientSeed` (default: the current one); refused while a round is open.
   */
  rotate(
    userId: UserId,
    clientSeed?: string,
  ): Promise<{ previous: RevealedPair; active: SeedPair } | SeedRefusal> {
    return this.exclusive(userId, async () => {
      if (await this.roundOpen(userId)) return 'game_in_progress'
      const at = this.now()
      const rotated = await withRetry(() =>
        this.db.transaction(async (tx) => {
          if (await openRoundIn(tx, userId)) return 'game_in_progress' as const
          const old = await this.load(tx, userId)
          const retired = await tx.query<{ server_seed: string; next_server_seed: string }>(
            `UPDATE seed_pairs SET status = 'retired', retired_at = $2
             WHERE id = $1 AND status = 'active' RETURNING server_seed, next_server_seed`,
            [old.id, at],
          )
          const { server_seed, next_server_seed } = retired[0]!
          const next = this.source.serverSeed()
          const rows = await tx.query<PairRow>(
            `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed,
               next_server_seed, next_server_seed_hash, status, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'active', $7) RETURNING ${PAIR_COLUMNS}`,
            [
              userId,
              next_server_seed,
              old.nextServerSeedHash,
              clientSeed ?? old.clientSeed,
              next,
              hashServerSeed(next),
              at,
            ],
          )
          const previous: RevealedPair = {
            serverSeed: server_seed,
            serverSeedHash: old.serverSeedHash,
            clientSeed: old.clientSeed,
            nonce: old.nonce,
          }
          return { previous, active: pairOf(rows[0]!) }
        }),
      )
      if (rotated === 'game_in_progress') return rotated
      this.remember(rotated.active)
      return rotated
    })
  }

  /**
   * Test hooks only (`POST /api/test-hooks/seeds/next`, never in production): commits
   * `serverSeed` as the active pair's next server seed, so that the next rotation makes it active
   * and a test knows every outcome from the published algorithm. The active pair is unchanged.
   */
  setNextServerSeed(userId: UserId, serverSeed: string): Promise<SeedPair> {
    return this.exclusive(userId, async () => {
      await this.load(this.db, userId)
      const rows = await this.db.query<PairRow>(
        `UPDATE seed_pairs SET next_server_seed = $2, next_server_seed_hash = $3
         WHERE user_id = $1 AND status = 'active' RETURNING ${PAIR_COLUMNS}`,
        [userId, serverSeed, hashServerSeed(serverSeed)],
      )
      return this.remember(pairOf(rows[0]!))
    })
  }

  private async roundOpen(userId: UserId): Promise<boolean> {
    for (const game of this.stateful) if (await game.hasOpenRound(userId)) return true
    return false
  }

  private remember(pair: SeedPair): SeedPair {
    this.cache.delete(pair.userId)
    this.cache.set(pair.userId, pair)
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!)
    return pair
  }

  /** Reads the active pair, making one (random seeds, nonce 0) when the player has none. */
  private async load(q: Queryable, userId: UserId): Promise<SeedPair> {
    const found = await q.query<PairRow>(
      `SELECT ${PAIR_COLUMNS} FROM seed_pairs WHERE user_id = $1 AND status = 'active'`,
      [userId],
    )
    if (found[0]) return pairOf(found[0])
    const [server, next] = [this.source.serverSeed(), this.source.serverSeed()]
    // Two first uses at once (two processes) make one pair: the loser reads the winner's.
    await q.query(
      `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed,
         next_server_seed, next_server_seed_hash, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', $7)
       ON CONFLICT (user_id) WHERE status = 'active' DO NOTHING`,
      [
        userId,
        server,
        hashServerSeed(server),
        this.source.clientSeed(),
        next,
        hashServerSeed(next),
        this.now(),
      ],
    )
    const made = await q.query<PairRow>(
      `SELECT ${PAIR_COLUMNS} FROM seed_pairs WHERE user_id = $1 AND status = 'active'`,
      [userId],
    )
    return pairOf(made[0]!)
  }
}
