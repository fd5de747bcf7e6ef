import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import { floatCursor, hashServerSeed } from '../../../engine/fairness'
import type { Minor } from '../../../engine/money'
import type { InstantMultiplier } from '../../instant/protocol'
import { i18nTestEnv } from '../../testing/i18n'
import {
  towerLogic,
  type TowerAction,
  type TowerOutcome,
  type TowerParams,
  type TowerReveal,
  type TowerView,
} from '../../testing/towerGame'
import type { StatefulProof } from '../proof'
import { StatefulRoundProof } from './StatefulRoundProof'

i18nTestEnv({ en: { kit: kitEn } })

type TowerProof = StatefulProof<TowerParams, TowerAction, TowerOutcome, TowerReveal>

const SEED = '5e'.repeat(32)

/**
 * A tower round as the server plays it on the test's seed pair: doors picked until a floor is
 * lost or two are climbed, then a cash-out; its proof with the seed revealed.
 */
function playedRound(): TowerProof {
  const { rules } = towerLogic
  const cursor = floatCursor(SEED, 'mine', 4)
  let state: TowerView = rules.open({ floors: 5 }, cursor)
  const steps: TowerProof['steps'] = []
  while (rules.phase(state) === 'open' && state.played.length < 2) {
    const played = rules.step(state, { door: 1 }, cursor)
    state = played.state
    steps.push({
      step: steps.length + 1,
      action: { door: 1 },
      outcome: played.outcome,
      multiplier: rules.multiplier(state),
      time: 0,
    })
  }
  const won = rules.phase(state) === 'open'
  if (won) {
    steps.push({
      step: steps.length + 1,
      action: { kind: 'cashout' },
      outcome: null,
      multiplier: rules.multiplier(state),
      time: 0,
    })
  }
  const multiplier = rules.multiplier(state)
  return {
    id: 'b-7',
    game: 'tower',
    amount: 1000 as Minor,
    currency: 'RUB',
    params: { floors: 5 },
    status: won ? 'won' : 'lost',
    endReason: won ? 'cashout' : 'lost',
    multiplier,
    payout: Math.floor((1000 * multiplier) / 10_000) as Minor,
    steps,
    reveal: rules.reveal(state),
    serverSeedHash: hashServerSeed(SEED),
    clientSeed: 'mine',
    nonce: 4,
    serverSeed: SEED,
    openedAt: 0,
    endedAt: 0,
  }
}

const round = playedRound()

function Proof({ proof }: { proof: TowerProof }) {
  return (
    <StatefulRoundProof
      game="tower"
      roundId={proof.id}
      load={async () => ({ type: 'ok', proof })}
      locale="en"
      rules={towerLogic.rules}
      stepText={(step) => `door ${step.action.door}, trap ${step.outcome?.trap}`}
      rows={(p) => (
        <>
          <dt>Floors</dt>
          <dd>{p.params.floors}</dd>
        </>
      )}
      onClose={vi.fn()}
    />
  )
}

const stepChecks = () => screen.getAllByTestId('tower.proof-step').map((li) => li.dataset.check)

describe('the proof of a stateful round', () => {
  it('replays every step in the browser and says the round was fair', async () => {
    render(<Proof proof={round} />)
    const verdict = await screen.findByTestId('tower.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    expect(stepChecks()).toEqual(round.steps.map(() => 'same'))
    const first = round.steps[0]!
    expect(screen.getAllByTestId('tower.proof-step')[0]!.textContent).toBe(
      `Step 1: door 1, trap ${(first.outcome as TowerOutcome).trap}, ${(Math.floor(first.multiplier / 100) / 100).toFixed(2)}× (same result)`,
    )
    expect(screen.getByTestId('tower.proof-status').textContent).toBe(
      round.status === 'won' ? 'Cashed out' : 'Lost',
    )
  })

  it('names the step whose recorded outcome the rules do not give', async () => {
    const first = round.steps[0]!
    const trap = ((first.outcome as TowerOutcome).trap + 1) % 3
    const forged = { ...round, steps: [{ ...first, outcome: { trap } }, ...round.steps.slice(1)] }
    render(<Proof proof={forged} />)
    const verdict = await screen.findByTestId('tower.proof-verdict')
    expect(verdict.dataset.status).toBe('mismatch')
    expect(verdict.textContent).toBe(
      'Recomputed in your browser: step 1 gives another result than the one shown.',
    )
    expect(stepChecks()[0]).toBe('other')
  })

  it('shows an open round in progress, its steps so far, and nothing to check yet', async () => {
    const open: TowerProof = {
      ...round,
      status: 'open',
      endReason: null,
      steps: round.steps.slice(0, 1),
      multiplier: round.steps[0]!.multiplier as InstantMultiplier,
      payout: null,
      reveal: null,
      endedAt: null,
      serverSeed: null,
    }
    render(<Proof proof={open} />)
    const verdict = await screen.findByTestId('tower.proof-verdict')
    expect(verdict.dataset.status).toBe('open')
    expect(screen.getByTestId('tower.proof-status').textContent).toBe('In progress')
    expect(screen.getAllByTestId('tower.proof-step')).toHaveLength(1)
    expect(stepChecks()).toEqual([''])
  })

  it('asks for a rotation while the seed is secret, and refuses a seed that is not the one committed', async () => {
    const { unmount } = render(<Proof proof={{ ...round, serverSeed: null }} />)
    expect((await screen.findByTestId('tower.proof-verdict')).dataset.status).toBe('unrevealed')
    unmount()
    render(<Proof proof={{ ...round, serverSeed: 'ab'.repeat(32) }} />)
    expect((await screen.findByTestId('tower.proof-verdict')).dataset.status).toBe('badSeed')
  })
})
