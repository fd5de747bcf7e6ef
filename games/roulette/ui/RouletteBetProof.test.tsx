import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/roulette.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { rouletteRules, type RouletteParams } from '../rules'
import { RouletteBetProof } from './RouletteBetProof'
import { answeringProof, settledBetProof } from '../../kit/testing/betProof'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { roulette: en, kit: kitEn } })

const SEED = 'd4'.repeat(32)
const params: RouletteParams = {
  bets: [
    { kind: 'straight', numbers: [17], amount: 100 as Minor },
    { kind: 'red', amount: 200 as Minor },
  ],
}
const { settled, proof } = settledBetProof(rouletteRules, {
  params,
  amount: 300 as Minor,
  serverSeed: SEED,
  clientSeed: 'mine',
  nonce: 4,
})

describe('roulette spin proof', () => {
  it('lists the bets and recomputes the pocket in the browser', async () => {
    render(
      <RouletteBetProof
        betId="b-1"
        load={answeringProof(proof)}
        currency="RUB"
        locale="en"
        onClose={vi.fn()}
      />,
    )
    expect((await screen.findByTestId('roulette.proof-verdict')).dataset.status).toBe('verified')
    expect(screen.getByTestId('roulette.proof-pocket').dataset.pocket).toBe(
      String(settled.outcome.pocket),
    )
    expect(screen.getByTestId('roulette.proof').textContent).toContain('Straight 17: ')
  })

  it('says so when the pocket shown is not the one the seeds give', async () => {
    const other = { pocket: (settled.outcome.pocket + 1) % 37 }
    render(
      <RouletteBetProof
        betId="b-1"
        load={answeringProof({ ...proof, outcome: other })}
        currency="RUB"
        locale="en"
        onClose={vi.fn()}
      />,
    )
    expect((await screen.findByTestId('roulette.proof-verdict')).dataset.status).toBe('mismatch')
  })
})
