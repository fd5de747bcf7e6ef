import { describe, expect, it } from 'vitest'
import { SIGNATURE_WINDOW_S, checkSignature, walletSignature } from './signature'

const SECRET = 'tessera-sandbox-wallet-secret'
const BODY = '{"playerId":"42","currency":"RUB"}'
const TIMESTAMP = '1767225600' // 2026-01-01T00:00:00Z
const AT = new Date(Number(TIMESTAMP) * 1000)
// Computed independently: printf '%s' '1767225600.<BODY>' | openssl dgst -sha256 -hmac <SECRET>
const VECTOR = '2db62f42544294b3a71491c33de60f45f705816024b0f250b1175d7555c302eb'

const call = (over: Partial<Parameters<typeof checkSignature>[0]> = {}) =>
  checkSignature({
    secret: SECRET,
    timestamp: TIMESTAMP,
    signature: VECTOR,
    body: BODY,
    now: AT,
    ...over,
  })

describe('wallet signature', () => {
  it('is HMAC-SHA256 over "timestamp.body", as openssl computes it', () => {
    expect(walletSignature(SECRET, TIMESTAMP, BODY)).toBe(VECTOR)
  })

  it('signs the worked example of docs/providers.md as written there', () => {
    const body =
      '{"token":"wl_3q2-7wEXAMPLEtokenEXAMPLEtokenEXAMPLEtok","playerId":"42","currency":"RUB",' +
      '"gameId":"slot-1","roundId":"r-1001","transactionId":"tx-5001","amount":2500}'
    expect(walletSignature(SECRET, TIMESTAMP, body)).toBe(
      '115183cbc6182b01ad6228647bc35e0625a8b0da225f1f73c2a44617b2a79c23',
    )
  })

  it('accepts the right signature within the window, either side of the clock', () => {
    expect(call()).toBe('ok')
    expect(call({ now: new Date(AT.getTime() + SIGNATURE_WINDOW_S * 1000) })).toBe('ok')
    expect(call({ now: new Date(AT.getTime() - SIGNATURE_WINDOW_S * 1000) })).toBe('ok')
  })

  it('refuses a signature over other bytes, with another secret or another timestamp', () => {
    expect(call({ body: BODY.replace('42', '43') })).toBe('INVALID_SIGNATURE')
    expect(call({ body: BODY + ' ' })).toBe('INVALID_SIGNATURE')
    expect(call({ secret: SECRET + 'x' })).toBe('INVALID_SIGNATURE')
    expect(call({ timestamp: '1767225601' })).toBe('INVALID_SIGNATURE')
  })

  it('refuses missing and malformed headers without throwing', () => {
    expect(call({ signature: undefined })).toBe('INVALID_SIGNATURE')
    expect(call({ timestamp: undefined })).toBe('INVALID_SIGNATURE')
    expect(call({ signature: VECTOR.toUpperCase() })).toBe('INVALID_SIGNATURE')
    expect(call({ signature: VECTOR.slice(2) })).toBe('INVALID_SIGNATURE')
    expect(call({ signature: 'zz' + VECTOR.slice(2) })).toBe('INVALID_SIGNATURE')
    expect(call({ timestamp: '-1' })).toBe('INVALID_SIGNATURE')
    expect(call({ timestamp: '1.5e9' })).toBe('INVALID_SIGNATURE')
  })

  it('refuses a rightly signed call signed too long ago or too far ahead', () => {
    const late = new Date(AT.getTime() + (SIGNATURE_WINDOW_S + 1) * 1000)
    const early = new Date(AT.getTime() - (SIGNATURE_WINDOW_S + 1) * 1000)
    expect(call({ now: late })).toBe('REQUEST_EXPIRED')
    expect(call({ now: early })).toBe('REQUEST_EXPIRED')
  })
})
