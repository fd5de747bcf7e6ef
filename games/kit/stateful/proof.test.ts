import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { statefulProofLoader, statefulProofSchema } from './proof'

const side = z.enum(['heads', 'tails'])
const schemas = {
  game: 'coinflip',
  params: z.object({ flips: z.int() }),
  action: z.object({ call: side }),
  outcome: z.object({ side }),
  reveal: z.object({ next: side }),
}
const hash = 'a'.repeat(64)
const openProof = {
  id: 'b-1',
  game: 'coinflip',
  status: 'open',
  amount: 100,
  currency: 'RUB',
  params: { flips: 3 },
  steps: [
    {
      step: 1,
      action: { call: 'heads' },
      outcome: { side: 'heads' },
      multiplier: 19_800,
      created_at: '2026-01-01T00:00:01.000Z',
    },
  ],
  multiplier: 19_800,
  payout: null,
  end_reason: null,
  reveal: null,
  server_seed_hash: hash,
  client_seed: 'c',
  nonce: 4,
  server_seed: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ended_at: null,
}

describe('statefulProofSchema', () => {
  const schema = statefulProofSchema(schemas)

  it("reads an open round's proof in the game's types", () => {
    expect(schema.parse(openProof)).toMatchObject({
      status: 'open',
      params: { flips: 3 },
      steps: [
        {
          step: 1,
          action: { call: 'heads' },
          outcome: { side: 'heads' },
          time: 1_000 + Date.UTC(2026, 0, 1),
        },
      ],
      reveal: null,
      serverSeed: null,
      openedAt: Date.UTC(2026, 0, 1),
      endedAt: null,
    })
  })

  it("refuses another game's proof, or a step the game cannot have played", () => {
    expect(schema.safeParse({ ...openProof, game: 'hilo' }).success).toBe(false)
    const bad = { ...openProof, steps: [{ ...openProof.steps[0], action: { call: 'edge' } }] }
    expect(schema.safeParse(bad).success).toBe(false)
  })
})

describe('statefulProofLoader', () => {
  it("asks the game's rounds path, and never for an id the server cannot have made", async () => {
    const fetchImpl = vi.fn(async () => Response.json(openProof))
    const load = statefulProofLoader(schemas, 'https://coin.example/', fetchImpl)
    const signal = new AbortController().signal
    expect(await load('b-1', signal)).toMatchObject({ type: 'ok', proof: { id: 'b-1' } })
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://coin.example/api/games/coinflip/rounds/b-1',
      expect.anything(),
    )
    expect(await load('../seeds', signal)).toEqual({ type: 'notFound' })
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })
})
