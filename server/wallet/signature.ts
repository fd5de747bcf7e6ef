import { createHmac, timingSafeEqual } from 'node:crypto'

/** Header carrying the call's signature: lower-case hex HMAC-SHA256 (docs/providers.md). */
export const SIGNATURE_HEADER = 'x-tessera-signature'
/** Header carrying the moment the call was signed, in whole seconds since the Unix epoch. */
export const TIMESTAMP_HEADER = 'x-tessera-timestamp'
/**
 * How far a signed timestamp may stray from the server's clock, either way. The body's own
 * transaction id makes a replayed call harmless; this bounds how long a captured request (a
 * balance or authenticate call has no id) can be sent again.
 */
export const SIGNATURE_WINDOW_S = 300

/**
 * The signature of a call: HMAC-SHA256 keyed by the provider's secret over the timestamp header,
 * a dot, and the raw body bytes exactly as sent, in lower-case hex.
 */
export function walletSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

/** Why a call's signature was refused, or `ok`. */
export type SignatureCheck = 'ok' | 'INVALID_SIGNATURE' | 'REQUEST_EXPIRED'

/**
 * Checks a call's signature headers against its raw body. The signature is compared in constant
 * time, and before the timestamp, so an unsigned caller learns nothing from the clock check.
 */
export function checkSignature(call: {
  secret: string
  timestamp: string | undefined
  signature: string | undefined
  body: string
  now: Date
}): SignatureCheck {
  const { timestamp, signature } = call
  if (timestamp === undefined || !/^[0-9]{1,12}$/.test(timestamp)) return 'INVALID_SIGNATURE'
  if (signature === undefined || !/^[0-9a-f]{64}$/.test(signature)) return 'INVALID_SIGNATURE'
  const expected = Buffer.from(walletSignature(call.secret, timestamp, call.body), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'INVALID_SIGNATURE'
  const skew = Math.abs(call.now.getTime() / 1000 - Number(timestamp))
  return skew > SIGNATURE_WINDOW_S ? 'REQUEST_EXPIRED' : 'ok'
}
