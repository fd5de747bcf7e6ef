import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/dice.json'
import kitEn from '../../../locales/en/kit.json'
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import { diceRules } from '../rules'
import type { InstantBetProofOf } from '../../kit/ui/betProof'
import type { DiceOutcome, DiceParams } from '../rules'
import { DiceBetProof, type LoadDiceBetProof } from './DiceBetProof'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { dice: en, kit: kitEn } },
    interpolation: { escapeValue: false },
  })
})

const SEED = 'c3'.repeat(32)
const params = { target: 2000, direction: 'under' as const }
const settled = diceRules.settle(params, 500 as Minor, floatCursor(SEED, 'mine', 9))
const proof: InstantBetProofOf<DiceParams, DiceOutcome> = {
  id: 'b-1',
  game: 'dice',
  params,
  outcome: settled.outcome,
  amount: 500 as Minor,
  multiplier: settled.multiplier,
  payout: settled.payout,
  serverSeedHash: hashServerSeed(SEED),
  clientSeed: 'mine',
  nonce: 9,
  serverSeed: SEED,
}
const loader =
  (answer: typeof proof): LoadDiceBetProof =>
  async () => ({ type: 'ok', proof: answer })

describe('dice bet proof', () => {
  it('recomputes a rotated bet in the browser and says it is the same roll', async () => {
    render(<DiceBetProof betId="b-1" load={loader(proof)} onClose={vi.fn()} />)
    const verdict = await screen.findByTestId('dice.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    expect(screen.getByTestId('dice.proof-roll').textContent).toBe(
      (settled.outcome.roll / 100).toFixed(2),
    )
  })

  it('asks for a rotation while the server seed is secret', async () => {
    render(
      <DiceBetProof betId="b-1" load={loader({ ...proof, serverSeed: null })} onClose={vi.fn()} />,
    )
    expect((await screen.findByTestId('dice.proof-verdict')).dataset.status).toBe('unrevealed')
  })

  it('says so when there is no such bet', async () => {
    render(<DiceBetProof betId="b-2" load={async () => ({ type: 'notFound' })} onClose={vi.fn()} />)
    expect((await screen.findByTestId('dice.fairness-message')).textContent).toBe(
      kitEn.proof.notFound,
    )
  })
})
