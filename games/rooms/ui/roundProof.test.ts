import { describe, expect, it, vi } from 'vitest'
import { ROOMS_PROTOCOL_VERSION, type RoundId } from '../protocol'
import { rows, wireDraw } from '../round.fixtures'
import { roundProofLoader } from './roundProof'

const purchases = rows([
  { purchaseId: 'a', player: 'alice', count: 3 },
  { purchaseId: 'b', player: 'bob', count: 2 },
])
const proof = (roundId: string) => ({
  v: ROOMS_PROTOCOL_VERSION,
  draw: wireDraw({ room: 'red', roundId, nonce: 12, purchases }),
  purchases,
})
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
const id = (text: string) => text as RoundId
const signal = () => new AbortController().signal

// The kit's loader tells 404 not_found from a failure (games/crash/ui/roundProof.test.ts): here
// what is the rooms' own, the path, the schema and the round a proof names.
describe('roundProofLoader (rooms)', () => {
  it('asks the general service for the round and parses its draw and ticket list', async () => {
    const fetchImpl = vi.fn(async () => json(200, proof('red-RUB-12')))
    const load = roundProofLoader('https://general.example/', fetchImpl)
    const result = await load(id('red-RUB-12'), signal())
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://general.example/api/games/rooms/rounds/red-RUB-12',
      expect.objectContaining({ headers: { accept: 'application/json' } }),
    )
    expect(result).toEqual({ type: 'ok', proof: proof('red-RUB-12') })
  })

  it('throws on an answer about another round, or with a list short of the draw', async () => {
    const other = roundProofLoader('', async () => json(200, proof('red-RUB-13')))
    await expect(other(id('red-RUB-12'), signal())).rejects.toThrow(
      '[rooms/roundProof] asked for round red-RUB-12, got red-RUB-13',
    )
    const short = roundProofLoader('', async () =>
      json(200, { ...proof('red-RUB-12'), purchases: purchases.slice(0, 1) }),
    )
    await expect(short(id('red-RUB-12'), signal())).rejects.toThrow('[rooms/roundProof] malformed')
  })
})
