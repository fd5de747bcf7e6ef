/** Byte encodings used by the fairness schemes: lower-case hex and UTF-8, from @noble/hashes. */
import { hexToBytes as decodeHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** Lower-case hex of `bytes`, two digits a byte. */
export { bytesToHex } from '@noble/hashes/utils.js'

/** UTF-8 bytes of `text`; seeds, salts and HMAC messages are hashed as UTF-8 text. */
export const utf8: (text: string) => Uint8Array = utf8ToBytes

/** True when `text` is an even-length string of hex digits (either case). */
export function isHex(text: string): boolean {
  return text.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(text)
}

/** True when `text` is a SHA-256 digest in hex: exactly 64 hex digits. */
export function isHash(text: string): boolean {
  return text.length === 64 && isHex(text)
}

/**
 * Bytes of a hex string (either case). Input that is not hex is a bug in the caller, who validates
 * user input with {@link isHex} or {@link isHash} first; the check here gives that bug this
 * module's name in its message.
 */
export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex))
    throw new Error(`[Fairness] not an even-length hex string: "${hex.slice(0, 80)}"`)
  return decodeHex(hex)
}
