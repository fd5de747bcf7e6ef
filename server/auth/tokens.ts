import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A fresh opaque token: 256 random bits, base64url, with a readable prefix. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`
}

/** The stored form of a token: tokens are high-entropy, so one SHA-256 suffices. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A numeric one-time code of `digits` digits, uniformly drawn. */
export function newCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0')
}
