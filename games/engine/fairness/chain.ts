/**
 * SHA-256 hash chains for crash (the rooms, whose outcome depends on the tickets sold, draw from
 * their ticket list instead: tickets.ts). A chain is generated backwards from a secret seed and
 * played forwards from its end: game n-1's hash is SHA-256 of the 32 raw bytes of game n's hash,
 * so game 0's hash (the terminating hash) can be published before game 1 is played, and hashing
 * game n's hash n times reaches it. A player holding any played hash can walk back to
 * the terminating hash and check every game before it, yet cannot compute any game after it.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { z } from 'zod/mini'

import { bytesToHex, hexToBytes, isHash } from './encoding'
import { hashSchema } from './schemas'

function assertHash(hash: string, what: string): void {
  if (!isHash(hash))
    throw new Error(`[Fairness] ${what} is not 64 hex digits: "${hash.slice(0, 80)}"`)
}

function assertCount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(`[Fairness] ${what} must be a non-negative integer, got ${n}`)
  }
}

/** The hash of the game before the game whose hash is `hash` (hex in, lower-case hex out). */
export function previousGameHash(hash: string): string {
  assertHash(hash, 'game hash')
  return bytesToHex(sha256(hexToBytes(hash)))
}

/**
 * Walks the chain back from `hash` for `steps` steps, calling `visit` with the raw bytes of each
 * hash reached (step 1 is the game before `hash`, ...). The bytes are one buffer rewritten in
 * place: copy them to keep them. Returning `false` from `visit` stops the walk. Returns the hex of
 * the last hash reached.
 */
export function walkChain(
  hash: string,
  steps: number,
  visit?: (bytes: Uint8Array, step: number) => boolean | void,
): string {
  assertHash(hash, 'game hash')
  assertCount(steps, 'steps')
  const bytes = hexToBytes(hash)
  // Each step copies a fresh hasher over one scratch instance (noble's `_cloneInto`, as its pbkdf2
  // does) rather than allocating one: a server start walks 100,000 steps.
  const fresh = sha256.create()
  let hasher: typeof fresh | undefined
  for (let step = 1; step <= steps; step++) {
    hasher = fresh._cloneInto(hasher)
    // The 32 input bytes are consumed by update(), so the digest may overwrite them.
    hasher.update(bytes).digestInto(bytes)
    if (visit?.(bytes, step) === false) break
  }
  return bytesToHex(bytes)
}

/**
 * The chain of `length` games generated from `seedHash` (64 hex digits of secret randomness), in
 * play order: element n is game n's hash, so element 0 is the terminating hash to publish and
 * element `length` is the seed itself, the last game the chain can play.
 */
export function chainFrom(seedHash: string, length: number): string[] {
  assertHash(seedHash, 'seed hash')
  assertCount(length, 'chain length')
  const chain = new Array<string>(length + 1)
  chain[length] = seedHash.toLowerCase()
  walkChain(seedHash, length, (bytes, step) => {
    chain[length - step] = bytesToHex(bytes)
  })
  return chain
}

/**
 * True when `hash` is game number `games` of the chain ending in `terminatingHash`, that is when
 * hashing it `games` times reaches the terminating hash. Hex case is ignored.
 */
export function verifyChain(hash: string, games: number, terminatingHash: string): boolean {
  assertHash(terminatingHash, 'terminating hash')
  return walkChain(hash, games) === terminatingHash.toLowerCase()
}

/**
 * The game number of `hash` in the chain ending in `terminatingHash`, searching at most `maxGames`
 * steps back, or null when the terminating hash is not reached within them.
 */
export function chainPosition(
  hash: string,
  terminatingHash: string,
  maxGames: number,
): number | null {
  assertHash(terminatingHash, 'terminating hash')
  assertCount(maxGames, 'maxGames')
  const target = hexToBytes(terminatingHash)
  if (hash.toLowerCase() === terminatingHash.toLowerCase()) return 0
  let found: number | null = null
  walkChain(hash, maxGames, (bytes, step) => {
    for (let i = 0; i < target.length; i++) if (bytes[i] !== target[i]) return true
    found = step
    return false
  })
  return found
}

/**
 * What the crash server publishes about its chain, in `.data/crash-chain.json` and over HTTP:
 * `terminatingHash` is game 0's hash (never played), `salt` the public salt mixed into every crash
 * point, `length` how many games the chain holds (so a verifier knows how far to walk). The
 * command-line verifier (`npm run fair -- crash`) reads this file by default.
 */
export const crashChainPublicationSchema = z.object({
  terminatingHash: hashSchema,
  salt: z.string().check(z.minLength(1)),
  length: z.int().check(z.positive()),
})
/** The published facts of a crash chain (see {@link crashChainPublicationSchema}). */
export type CrashChainPublication = z.infer<typeof crashChainPublicationSchema>

/** Where the crash server writes its {@link CrashChainPublication}, relative to the project root. */
export const CRASH_CHAIN_PUBLICATION_PATH = '.data/crash-chain.json'
