/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript on Uint8Array.
 *
 * Why not node:crypto or WebCrypto: fairness is isomorphic (browser, server, verifier) and must be
 * synchronous, so a game machine or a round loop can derive an outcome without awaiting
 * `crypto.subtle`. The crash distribution test hashes millions of blocks, so the hot path avoids
 * allocation: callers may pass an `out` buffer, and keyed HMACs precompute their padded key state.
 */

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 4.2.2).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])

// Initial hash value (FIPS 180-4 5.3.3).
const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])

const BLOCK = 64
/** Length in bytes of a SHA-256 digest. */
export const DIGEST_LENGTH = 32

// Scratch shared by every call: JS is single-threaded and no call re-enters another.
const W = new Int32Array(64)
const STATE = new Int32Array(8)
const TAIL = new Uint8Array(BLOCK * 2)

/** One compression of the 64-byte block at `bytes[offset]` into `h`. */
function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = W
  for (let i = 0; i < 16; i++) {
    const o = offset + i * 4
    w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!
    const y = w[i - 2]!
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0
  }
  let a = h[0]!
  let b = h[1]!
  let c = h[2]!
  let d = h[3]!
  let e = h[4]!
  let f = h[5]!
  let g = h[6]!
  let hh = h[7]!
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (hh + S1 + ch + K[i]! + w[i]!) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    hh = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  h[0] = (h[0]! + a) | 0
  h[1] = (h[1]! + b) | 0
  h[2] = (h[2]! + c) | 0
  h[3] = (h[3]! + d) | 0
  h[4] = (h[4]! + e) | 0
  h[5] = (h[5]! + f) | 0
  h[6] = (h[6]! + g) | 0
  h[7] = (h[7]! + hh) | 0
}

/**
 * Finishes a hash whose first `prefixLength` bytes are already compressed into `start` (a copy is
 * used, `start` is not changed), appending `msg`, and writes the digest into `out`.
 */
function finish(
  start: Int32Array,
  prefixLength: number,
  msg: Uint8Array,
  out: Uint8Array,
): Uint8Array {
  if (out.length < DIGEST_LENGTH) throw new Error('[Fairness] sha256 out buffer under 32 bytes')
  const h = STATE
  h.set(start)
  const n = msg.length
  const full = n - (n % BLOCK)
  for (let o = 0; o < full; o += BLOCK) compress(h, msg, o)
  const rest = n - full
  const tail = TAIL
  for (let i = 0; i < rest; i++) tail[i] = msg[full + i]!
  tail[rest] = 0x80
  // The bit length goes in the last 8 bytes; messages here stay far below 2^53 bits.
  const tailLength = rest < BLOCK - 8 ? BLOCK : BLOCK * 2
  tail.fill(0, rest + 1, tailLength - 8)
  const bits = (prefixLength + n) * 8
  const hi = Math.floor(bits / 0x100000000)
  const lo = bits >>> 0
  tail[tailLength - 8] = hi >>> 24
  tail[tailLength - 7] = hi >>> 16
  tail[tailLength - 6] = hi >>> 8
  tail[tailLength - 5] = hi
  tail[tailLength - 4] = lo >>> 24
  tail[tailLength - 3] = lo >>> 16
  tail[tailLength - 2] = lo >>> 8
  tail[tailLength - 1] = lo
  compress(h, tail, 0)
  if (tailLength > BLOCK) compress(h, tail, BLOCK)
  for (let i = 0; i < 8; i++) {
    const v = h[i]!
    out[i * 4] = v >>> 24
    out[i * 4 + 1] = v >>> 16
    out[i * 4 + 2] = v >>> 8
    out[i * 4 + 3] = v
  }
  return out
}

/**
 * SHA-256 of `bytes`. Pass `out` (32 bytes or more) to reuse a buffer in hot loops; otherwise a new
 * array is returned. `out` may be `bytes` itself: the input is read fully before the digest is
 * written, which lets a hash chain be walked in place.
 */
export function sha256(bytes: Uint8Array, out: Uint8Array = new Uint8Array(DIGEST_LENGTH)) {
  return finish(IV, 0, bytes, out)
}

/** An HMAC-SHA256 bound to one key: `(msg, out?) => mac`. */
export type KeyedHmac = (msg: Uint8Array, out?: Uint8Array) => Uint8Array

/**
 * Precomputes HMAC-SHA256 for `key` (RFC 2104): the inner and outer padded key blocks are
 * compressed once, so each message then costs only its own blocks plus one outer block.
 */
export function createHmacSha256(key: Uint8Array): KeyedHmac {
  // Keys longer than a block are replaced by their hash (RFC 2104 section 2).
  const k = key.length > BLOCK ? sha256(key) : key
  const ipad = new Uint8Array(BLOCK).fill(0x36)
  const opad = new Uint8Array(BLOCK).fill(0x5c)
  for (let i = 0; i < k.length; i++) {
    ipad[i]! ^= k[i]!
    opad[i]! ^= k[i]!
  }
  const inner = new Int32Array(IV)
  compress(inner, ipad, 0)
  const outer = new Int32Array(IV)
  compress(outer, opad, 0)
  const innerDigest = new Uint8Array(DIGEST_LENGTH)
  return (msg, out = new Uint8Array(DIGEST_LENGTH)) => {
    finish(inner, BLOCK, msg, innerDigest)
    return finish(outer, BLOCK, innerDigest, out)
  }
}

/** HMAC-SHA256 of `msg` under `key` (RFC 2104 / RFC 4231). */
export function hmacSha256(key: Uint8Array, msg: Uint8Array): Uint8Array {
  return createHmacSha256(key)(msg)
}
