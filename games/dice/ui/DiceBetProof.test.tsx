import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/dice.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { diceRules } from '../rules'
import { DiceBetProof } from './DiceBetProof'
import { answeringProof, settledBetProof } from '../../kit/testing/betProof'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { dice: en, kit: kitEn } })

const SEED = 'c3'.repeat(32)
const params = { target: 2000, direction: 'under' as const }
const { settled, proof } = settledBetProof(diceRules, {
  params,
  amount: 500 as Minor,
  serverSeed: SEED,
  clientSeed: 'mine',
  nonce: 9,
})

describe('dice bet proof', () => {
  it('recomputes a rotated bet in the browser and says it is the same roll', async () => {
    render(<DiceBetProof betId="b-1" load={answeringProof(proof)} onClose={vi.fn()} locale="en" />)
    const verdict = await screen.findByTestId('dice.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    expect(screen.getByTestId('dice.proof-roll').textContent).toBe(
      (settled.outcome.roll / 100).toFixed(2),
    )
  })

  it("shows the roll and the target in the player's number format (a comma in ru and kz)", async () => {
    render(<DiceBetProof betId="b-1" load={answeringProof(proof)} onClose={vi.fn()} locale="kz" />)
    await screen.findByTestId('dice.proof-verdict')
    expect(screen.getByTestId('dice.proof-roll').textContent).toBe(
      (settled.outcome.roll / 100).toFixed(2).replace('.', ','),
    )
    expect(screen.getByTestId('dice.proof-target').textContent).toContain('20,00')
  })

  it('asks for a rotation while the server seed is secret', async () => {
    render(
      <DiceBetProof
        betId="b-1"
        load={answeringProof({ ...proof, serverSeed: null })}
        onClose={vi.fn()}
        locale="en"
      />,
    )
    expect((await screen.findByTestId('dice.proof-verdict')).dataset.status).toBe('unrevealed')
  })

  it('says so when there is no such bet', async () => {
    render(
      <DiceBetProof
        betId="b-2"
        load={async () => ({ type: 'notFound' })}
        onClose={vi.fn()}
        locale="en"
      />,
    )
    // The message is there from the first render ("loading"): wait for its text, not for it.
    await waitFor(() =>
      expect(screen.getByTestId('dice.fairness-message').textContent).toBe(kitEn.proof.notFound),
    )
  })
})
