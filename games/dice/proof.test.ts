import { describe, expect, it } from 'vitest'
import type { Minor } from '../engine/money'
import { diceRules } from './rules'
import { verifyInstantBet } from '../kit/instant/verify'
import { settledBetProof } from '../kit/testing/betProof'

const SEED = 'a1'.repeat(32)
const params = { target: 5050, direction: 'over' as const }
// The server's own settlement of nonce 3 under this pair.
const { settled, proof } = settledBetProof(diceRules, {
  params,
  amount: 1000 as Minor,
  serverSeed: SEED,
  clientSeed: 'player',
  nonce: 3,
})

describe('instant bet proof', () => {
  it('verifies a bet from its revealed seed pair', () => {
    expect(verifyInstantBet(diceRules, proof)).toMatchObject({
      status: 'verified',
      outcome: settled.outcome,
    })
  })

  it('waits for the rotation while the seed is secret', () => {
    expect(verifyInstantBet(diceRules, { ...proof, serverSeed: null })).toEqual({
      status: 'unrevealed',
    })
  })

  it('catches a seed that is not the committed one, and an outcome the rules do not give', () => {
    expect(verifyInstantBet(diceRules, { ...proof, serverSeed: 'b2'.repeat(32) }).status).toBe(
      'badSeed',
    )
    const other = { roll: (settled.outcome.roll + 1) % 10_001 }
    expect(verifyInstantBet(diceRules, { ...proof, outcome: other }).status).toBe('mismatch')
    expect(verifyInstantBet(diceRules, { ...proof, nonce: 4 }).status).toBe('mismatch')
  })
})
