/**
 * The HMAC-SHA256 float stream of the instant games, in the widely published form so that
 * independent verifiers reproduce it: block `round` (0, 1, 2, ...) is
 * `HMAC_SHA256(key = serverSeed, msg = "clientSeed:nonce:round")` (both UTF-8), and each 4 bytes
 * b0..b3 of the blocks, in order, give one float `b0/256 + b1/256^2 + b2/256^3 + b3/256^4`
 * in [0, 1), 8 floats a block.
 */
import { sha256 } from '@noble/hashes/sha2.js'

import { bytesToHex, utf8 } from './encoding'
import { createHmacSha256, DIGEST_LENGTH } from './hmac'

/** Floats drawn from one 32-byte HMAC block. */
export const FLOATS_PER_BLOCK = DIGEST_LENGTH / 4

/** A synchronous reader of one bet's float stream. */
export interface FloatCursor {
  /** The next float in [0, 1). */
  next(): number
  /** How many floats have been read so far (the index of the next one). */
  readonly consumed: number
}

function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) {
    throw new Error(`[Fairness] nonce must be a non-negative safe integer, got ${nonce}`)
  }
}

/** The float of the 4 bytes at `block[offset]`: an exact multiple of 2^-32 in [0, 1). */
function floatAt(block: Uint8Array, offset: number): number {
  // b0/256 + b1/256^2 + b2/256^3 + b3/256^4 is exactly the big-endian uint32 over 2^32: every
  // term and partial sum fits in a double's 53 bits, so no order of adding can round.
  const word =
    block[offset]! * 0x1000000 +
    block[offset + 1]! * 0x10000 +
    block[offset + 2]! * 0x100 +
    block[offset + 3]!
  return word / 0x100000000
}

/**
 * A cursor over the float stream of one bet: `serverSeed` is the server's secret (its hash is shown
 * before play), `clientSeed` the player's, `nonce` the bet's counter under that pair (0, 1, ...).
 * The HMAC key state is computed once, so many floats (keno, miner) cost one block per 8 floats.
 */
export function floatCursor(serverSeed: string, clientSeed: string, nonce: number): FloatCursor {
  assertNonce(nonce)
  const hmac = createHmacSha256(utf8(serverSeed))
  const prefix = `${clientSeed}:${nonce}:`
  const block = new Uint8Array(DIGEST_LENGTH)
  let consumed = 0
  return {
    next() {
      const index = consumed % FLOATS_PER_BLOCK
      if (index === 0) hmac(utf8(prefix + consumed / FLOATS_PER_BLOCK), block)
      consumed++
      return floatAt(block, index * 4)
    },
    get consumed() {
      return consumed
    },
  }
}

/** The float stream of one bet as an endless generator (for `for...of` with a break). */
export function* floatStream(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Generator<number, never, undefined> {
  const cursor = floatCursor(serverSeed, clientSeed, nonce)
  for (;;) yield cursor.next()
}

/** The first `count` floats of one bet's stream (see {@link floatCursor}). */
export function floats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new Error(`[Fairness] float count must be a non-negative integer, got ${count}`)
  }
  const cursor = floatCursor(serverSeed, clientSeed, nonce)
  return Array.from({ length: count }, () => cursor.next())
}

/**
 * The commitment shown before play: hex SHA-256 of the server seed's UTF-8 text. After rotation
 * the revealed seed must hash to it.
 */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8(serverSeed)))
}

/** Hex SHA-256 of a text's UTF-8 bytes: the name of a published document (a case's item table). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8(text)))
}
