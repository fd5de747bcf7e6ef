import { describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION, type RoundId } from '../protocol'
import { roundProofLoader } from './roundProof'

const HASH = 'ab'.repeat(32)
const END = 'cd'.repeat(32)
const proof = (roundId: string) => ({
  v: PROTOCOL_VERSION,
  round: { roundId, crashPoint: 250, roundHash: HASH, salt: 'salt' },
  endedAt: 1_767_225_600_000,
  terminatingHash: END,
})
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
const id = (text: string) => text as RoundId
const signal = () => new AbortController().signal

describe('roundProofLoader', () => {
  it('asks the crash service for the round and parses the proof', async () => {
    const fetchImpl = vi.fn(async () => json(200, proof('42')))
    const load = roundProofLoader('https://crash.example/', fetchImpl)
    const result = await load(id('42'), signal())
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://crash.example/api/games/crash/rounds/42',
      expect.objectContaining({ headers: { accept: 'application/json' } }),
    )
    expect(result).toEqual({ type: 'ok', proof: proof('42') })
  })

  it('tells an unknown or unfinished round (404 not_found) from a failure worth a retry', async () => {
    const answers = [
      json(404, { data: { message: 'not_found', params: { round: '7' } } }),
      json(404, { message: 'Route not found' }), // not the service: another 404
      json(500, { data: { message: 'internal_error', params: {} } }),
      new Response('<html>bad gateway</html>', { status: 502 }),
    ]
    const load = roundProofLoader('', async () => answers.shift()!)
    expect(await load(id('7'), signal())).toEqual({ type: 'notFound' })
    expect(await load(id('7'), signal())).toEqual({ type: 'failed' })
    expect(await load(id('7'), signal())).toEqual({ type: 'failed' })
    expect(await load(id('7'), signal())).toEqual({ type: 'failed' })
    const offline = roundProofLoader('', async () => Promise.reject(new TypeError('offline')))
    expect(await offline(id('7'), signal())).toEqual({ type: 'failed' })
  })

  it('throws when the service answers out of protocol or about another round', async () => {
    const malformed = roundProofLoader('', async () =>
      json(200, { ...proof('9'), round: { ...proof('9').round, roundHash: 'nope' } }),
    )
    await expect(malformed(id('9'), signal())).rejects.toThrow('[crash/roundProof] malformed')
    const other = roundProofLoader('', async () => json(200, proof('10')))
    await expect(other(id('9'), signal())).rejects.toThrow('asked for round 9, got 10')
  })

  it('passes an abort on, so a closed dialog leaves no request behind', async () => {
    const abort = new AbortController()
    const load = roundProofLoader('', (_url, init) => {
      abort.abort()
      return Promise.reject(init?.signal?.reason)
    })
    await expect(load(id('1'), abort.signal)).rejects.toBeDefined()
  })
})
