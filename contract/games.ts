import { z } from 'zod/mini'
import { currency, minor, sha256Hex } from './common'

/**
 * The player's seed pairs and the proof of any instant bet (docs/games.md has the algorithms).
 * Outcomes are drawn from `HMAC_SHA256(serverSeed, "clientSeed:nonce:round")`: the server seed is
 * shown only as its SHA-256 until the pair is rotated, the client seed is the player's, and the
 * nonce grows by one with every instant bet of any game.
 */

/** The client seed rule: 1 to 64 printable ASCII characters (space to tilde). */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/
/** A client seed as the player may type it. */
export const clientSeed = z.string().check(z.regex(CLIENT_SEED_PATTERN))

/** Where the seed pair calls live (signed in): GET, PUT `{ client_seed }`, POST `/rotate`. */
export const SEEDS_PATH = '/api/games/seeds'
/** Where a bet's proof is served (public): `GET <path>/:id`. */
export const BET_PROOF_PATH = '/api/games/bets'

/**
 * The path parameters of `GET <BET_PROOF_PATH>/:id`: a bet id as the server makes them (`b-` and a
 * UUID; letters, digits, `-` and `_`, at most 64), so an id holding anything else (a NUL, a quote)
 * is refused at the wire and never reaches the database.
 */
export const betProofParams = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
})

/**
 * GET /api/games/seeds (and the answer of PUT): the active pair's public side and the hash of the
 * server seed the next rotation will make active (committed now, so it cannot be chosen later).
 */
export const seedPairResponse = z.object({
  server_seed_hash: sha256Hex,
  client_seed: z.string(),
  /** The nonce the next instant bet will use (bets made under this pair so far). */
  nonce: z.int().check(z.nonnegative()),
  next_server_seed_hash: sha256Hex,
})
export type SeedPairResponse = z.infer<typeof seedPairResponse>

/** PUT /api/games/seeds body: a new client seed for the active pair (its nonce carries on). */
export const clientSeedRequest = z.object({ client_seed: clientSeed })
export type ClientSeedRequest = z.infer<typeof clientSeedRequest>

/**
 * POST /api/games/seeds/rotate body: optionally the client seed of the new pair (default: the
 * current one). Refused 409 `game_in_progress` while a stateful game (miner, hilo, a coinflip
 * series) is open, since its outcome is drawn from the active pair.
 */
export const rotateSeedsRequest = z.object({ client_seed: z.optional(clientSeed) })
export type RotateSeedsRequest = z.infer<typeof rotateSeedsRequest>

/** POST /api/games/seeds/rotate answer: the retired pair revealed, and the new active pair. */
export const rotateSeedsResponse = z.object({
  previous: z.object({
    server_seed: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    server_seed_hash: sha256Hex,
    client_seed: z.string(),
    /** How many bets were made under it (nonces 0 .. nonce - 1). */
    nonce: z.int().check(z.nonnegative()),
  }),
  active: seedPairResponse,
})
export type RotateSeedsResponse = z.infer<typeof rotateSeedsResponse>

/**
 * GET /api/games/bets/:id answer (public, no player named): everything needed to recompute the
 * bet with the game's rules. `params` and `outcome` are the game's own shapes (parse them with its
 * protocol's schemas); `server_seed` is null until the pair is rotated. Unknown ids: 404
 * `not_found`.
 */
export const betProofResponse = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  game: z.string().check(z.minLength(1), z.maxLength(32)),
  amount: minor,
  currency,
  params: z.unknown(),
  outcome: z.unknown(),
  /** payout / amount in ten-thousandths (0 for a loss). */
  multiplier: z.int().check(z.nonnegative()),
  payout: minor,
  server_seed_hash: sha256Hex,
  client_seed: z.string(),
  nonce: z.int().check(z.nonnegative()),
  server_seed: z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  created_at: z.string(),
})
export type BetProofResponse = z.infer<typeof betProofResponse>
