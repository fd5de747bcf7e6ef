import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/coinflip.json'
import kitEn from '../../../locales/en/kit.json'
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import type { StatefulProof } from '../../kit/stateful/proof'
import { i18nTestEnv } from '../../kit/testing/i18n'
// The proof's verifier, loaded up front: the dialog's lazy import of it then resolves at once.
import '../../kit/stateful/verify'
// The proof dialog loads when it first shows; in the module graph already, it mounts at once.
import '../../kit/stateful/ui/StatefulRoundProof'
import {
  coinflipStatefulRules as rules,
  type CoinflipAction,
  type CoinflipOutcome,
  type CoinflipParams,
  type CoinflipReveal,
} from '../protocol'
import { sideOf } from '../rules'
import { CoinflipRoundProof } from './CoinflipRoundProof'

i18nTestEnv({ en: { coinflip: en, kit: kitEn } })

type CoinflipProof = StatefulProof<CoinflipParams, CoinflipAction, CoinflipOutcome, CoinflipReveal>

const SEED = 'c0'.repeat(32)

/** A round of two correct calls and a cash-out on the test's pair, its seed revealed. */
function playedRound(): CoinflipProof {
  const draws = floatCursor(SEED, 'mine', 2)
  const calls = [sideOf(draws.next()), sideOf(draws.next())]
  const cursor = floatCursor(SEED, 'mine', 2)
  let state = rules.open({}, cursor)
  const steps: CoinflipProof['steps'] = []
  for (const call of calls) {
    const played = rules.step(state, { call }, cursor)
    state = played.state
    steps.push({
      step: steps.length + 1,
      action: { call },
      outcome: played.outcome,
      multiplier: rules.multiplier(state),
      time: 10 + steps.length,
    })
  }
  const multiplier = rules.multiplier(state)
  steps.push({ step: 3, action: { kind: 'cashout' }, outcome: null, multiplier, time: 20 })
  return {
    id: 'r-9',
    game: 'coinflip',
    amount: 100 as Minor,
    currency: 'RUB',
    params: {},
    status: 'won',
    endReason: 'cashout',
    multiplier,
    payout: 396 as Minor,
    steps,
    reveal: rules.reveal(state),
    serverSeedHash: hashServerSeed(SEED),
    clientSeed: 'mine',
    nonce: 2,
    serverSeed: SEED,
    openedAt: 1,
    endedAt: 30,
  }
}

describe('CoinflipRoundProof', () => {
  it('shows each call and side and the sides flipped, replayed in the browser', async () => {
    const proof = playedRound()
    render(
      <CoinflipRoundProof
        roundId={proof.id}
        load={async () => ({ type: 'ok', proof })}
        locale="en"
        onClose={vi.fn()}
      />,
    )
    const verdict = await screen.findByTestId('coinflip.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    const [first] = proof.steps
    const side = (first!.outcome as CoinflipOutcome).side === 'heads' ? 'Heads' : 'Tails'
    expect(screen.getAllByTestId('coinflip.proof-step')[0]!.textContent).toBe(
      `Step 1: called ${side}, landed ${side}, 1.98× (same result)`,
    )
    expect(screen.getByTestId('coinflip.proof-sides').textContent).toBe(
      proof.reveal!.sides.map((s) => (s === 'heads' ? 'Heads' : 'Tails')).join(' '),
    )
  })
})
