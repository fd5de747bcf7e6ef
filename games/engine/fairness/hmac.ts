/**
 * HMAC-SHA256 bound to one key, over @noble/hashes (audited, synchronous, isomorphic).
 *
 * Why not node:crypto or WebCrypto: fairness runs unchanged in the browser, the server and the
 * verifier, and must be synchronous so a game machine or a round loop can derive an outcome
 * without awaiting `crypto.subtle`.
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js'
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js'

/** Length in bytes of a SHA-256 digest. */
export const DIGEST_LENGTH = sha256.outputLen

/** An HMAC-SHA256 bound to one key: `(msg, out?) => mac`, written into `out` when given. */
export type KeyedHmac = (msg: Uint8Array, out?: Uint8Array) => Uint8Array

/**
 * HMAC-SHA256 for `key` (RFC 2104) whose padded key blocks are hashed once, so each message costs
 * only its own blocks: a crash chain or a keno bet scores many messages under one key. Pass `out`
 * (32 bytes or more) to reuse a buffer in hot loops.
 */
export function createHmacSha256(key: Uint8Array): KeyedHmac {
  const keyed: _HMAC<_SHA256> = hmac.create(sha256, key)
  // Each message runs on a copy of the keyed state, written over one scratch instance: noble's own
  // pbkdf2 reuses its keyed HMAC the same way (`_cloneInto`), where `clone()` would allocate.
  let scratch: _HMAC<_SHA256> | undefined
  return (msg, out = new Uint8Array(DIGEST_LENGTH)) => {
    const instance = keyed._cloneInto(scratch)
    scratch = instance
    instance.update(msg).digestInto(out)
    return out
  }
}
