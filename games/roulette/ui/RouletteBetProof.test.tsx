import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/roulette.json'
import kitEn from '../../../locales/en/kit.json'
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import type { InstantBetProofOf } from '../../kit/ui/betProof'
import { rouletteRules, type RouletteOutcome, type RouletteParams } from '../rules'
import { RouletteBetProof } from './RouletteBetProof'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { roulette: en, kit: kitEn } },
    interpolation: { escapeValue: false },
  })
})

const SEED = 'd4'.repeat(32)
const params: RouletteParams = {
  bets: [
    { kind: 'straight', numbers: [17], amount: 100 as Minor },
    { kind: 'red', amount: 200 as Minor },
  ],
}
const settled = rouletteRules.settle(params, 300 as Minor, floatCursor(SEED, 'mine', 4))
const proof: InstantBetProofOf<RouletteParams, RouletteOutcome> = {
  id: 'b-1',
  game: 'roulette',
  params,
  outcome: settled.outcome,
  amount: 300 as Minor,
  multiplier: settled.multiplier,
  payout: settled.payout,
  serverSeedHash: hashServerSeed(SEED),
  clientSeed: 'mine',
  nonce: 4,
  serverSeed: SEED,
}

describe('roulette spin proof', () => {
  it('lists the bets and recomputes the pocket in the browser', async () => {
    render(
      <RouletteBetProof
        betId="b-1"
        load={async () => ({ type: 'ok', proof })}
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
        load={async () => ({ type: 'ok', proof: { ...proof, outcome: other } })}
        currency="RUB"
        locale="en"
        onClose={vi.fn()}
      />,
    )
    expect((await screen.findByTestId('roulette.proof-verdict')).dataset.status).toBe('mismatch')
  })
})
