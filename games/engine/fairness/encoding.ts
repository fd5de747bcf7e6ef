/** Byte encodings used by the fairness schemes: lower-case hex and UTF-8. */

const HEX_DIGITS = '0123456789abcdef'
const HEX_BYTE: string[] = Array.from(
  { length: 256 },
  (_, i) => HEX_DIGITS[i >> 4]! + HEX_DIGITS[i & 15]!,
)

// TextEncoder exists in browsers and in Node alike, so it keeps this module isomorphic.
const encoder = new TextEncoder()

/** UTF-8 bytes of `text`; seeds, salts and HMAC messages are hashed as UTF-8 text. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text)
}

/** Lower-case hex of `bytes`, two digits a byte. */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = ''
  for (let i = 0; i < bytes.length; i++) hex += HEX_BYTE[bytes[i]!]!
  return hex
}

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
 * user input with {@link isHex} or {@link isHash} first.
 */
export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex))
    throw new Error(`[Fairness] not an even-length hex string: "${hex.slice(0, 80)}"`)
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}
