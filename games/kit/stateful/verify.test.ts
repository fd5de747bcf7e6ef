import { describe, expect, it } from 'vitest'
import { floatCursor } from '../../engine/fairness'
import { MAX_BET_PAYOUT } from '../../engine/money'
import { sideOf } from '../../coinflip/rules'
import { coinflipGame } from '../../coinflip/game'
import { coinflipLogic, coinflipStatefulRules } from '../../coinflip/protocol'
import { fakeStatefulServer } from '../testing/statefulServer'
import { towerServer, towerTrap } from '../testing/towerClient'
import { towerLogic, towerWire } from '../testing/towerGame'
import { statefulWireOf } from './protocol'
import { verifyStatefulRound } from './verify'

const SERVER_SEED = 'verify-server-seed'
const CLIENT_SEED = 'verify-client'

// Coinflip's own rules and wire: the verifier is checked against a real game's steps.
const coinflipRules = coinflipStatefulRules
const coinWire = statefulWireOf(coinflipGame, coinflipLogic)

/** Flip `n` of round `nonce`, as the server will draw it. */
const flipOf = (nonce: number, n: number) => {
  const cursor = floatCursor(SERVER_SEED, CLIENT_SEED, nonce)
  for (let i = 0; i < n; i++) cursor.next()
  return sideOf(cursor.next())
}

/** Plays a coinflip round on the in-memory server: `rights` right calls, then the ending. */
function coinRound(amount: number, rights: number, ending: 'cashout' | 'wrong' | 'none') {
  const server = fakeStatefulServer({
    rules: coinflipRules,
    serverSeed: SERVER_SEED,
    clientSeed: CLIENT_SEED,
    balance: 10_000_000,
    currency: 'RUB',
  })
  /** The round of an ok answer to `name`: every command of these rounds goes through. */
  const play = (name: 'open' | 'step' | 'cashout', command: object) => {
    const ack = coinWire.parseAck(name, server.answer(name, command))
    if (ack.type !== 'ok') throw new Error(`${name} refused: ${ack.code}`)
    return ack.round
  }
  let round = play('open', { key: 'k-open-1', amount, params: {} })
  const { roundId } = round
  for (let n = 0; n < rights; n++) {
    round = play('step', { key: `k-step-${n}`, roundId, step: n, action: { call: flipOf(0, n) } })
  }
  if (ending === 'wrong') {
    const call = flipOf(0, rights) === 'heads' ? 'tails' : 'heads'
    round = play('step', { key: 'k-wrong', roundId, step: rights, action: { call } })
  }
  if (ending === 'cashout') round = play('cashout', { key: 'k-cash', roundId, step: rights })
  return round
}

describe('verifyStatefulRound', () => {
  it('replays a coinflip streak cashed out, each flip and the payout', () => {
    const round = coinRound(100, 3, 'cashout')
    const verdict = verifyStatefulRound(coinflipRules, { ...round, serverSeed: SERVER_SEED })
    expect(verdict).toMatchObject({
      status: 'verified',
      endReason: 'cashout',
      multiplier: 79_200,
      payout: 792,
    })
    if (verdict.status !== 'verified') throw new Error(verdict.status)
    expect(verdict.steps.map((s) => s.multiplier)).toEqual([19_800, 39_600, 79_200, 79_200])
    expect(verdict.steps.map((s) => s.outcome)).toEqual([
      { side: flipOf(0, 0), won: true },
      { side: flipOf(0, 1), won: true },
      { side: flipOf(0, 2), won: true },
      null,
    ])
  })

  it('replays a lost round, paying nothing', () => {
    const round = coinRound(100, 2, 'wrong')
    const verdict = verifyStatefulRound(coinflipRules, { ...round, serverSeed: SERVER_SEED })
    expect(verdict).toMatchObject({ status: 'verified', endReason: 'lost', payout: 0 })
  })

  it('replays a round that reached the cap and paid the cap', () => {
    // 100,000 minor units: 0.99 × 2^13 passes 5,000,000 RUB at the 13th right call.
    const round = coinRound(100_000, 13, 'none')
    expect(round).toMatchObject({ endReason: 'cap', payout: MAX_BET_PAYOUT.RUB })
    const verdict = verifyStatefulRound(coinflipRules, { ...round, serverSeed: SERVER_SEED })
    expect(verdict).toMatchObject({
      status: 'verified',
      endReason: 'cap',
      payout: MAX_BET_PAYOUT.RUB,
    })
  })

  it('finds a changed outcome, a changed payout and a step after the end', () => {
    const round = coinRound(100, 2, 'cashout')
    const flipped = round.steps.map((s, i) =>
      i === 1 && s.outcome
        ? { ...s, outcome: { ...s.outcome, side: s.outcome.side === 'heads' ? 'tails' : 'heads' } }
        : s,
    )
    const changed = verifyStatefulRound(coinflipRules, {
      ...round,
      steps: flipped as typeof round.steps,
      serverSeed: SERVER_SEED,
    })
    expect(changed.status).toBe('mismatch')
    if (changed.status !== 'mismatch') throw new Error(changed.status)
    expect(changed.steps.map((s) => s.matches)).toEqual([true, false, true])
    const overpaid = {
      ...round,
      payout: (round.payout + 1) as typeof round.payout,
      serverSeed: SERVER_SEED,
    }
    expect(verifyStatefulRound(coinflipRules, overpaid).status).toBe('mismatch')
    const extra = { ...round, steps: [...round.steps, round.steps[0]!], serverSeed: SERVER_SEED }
    const after = verifyStatefulRound(coinflipRules, extra)
    expect(after.status).toBe('mismatch')
  })

  it('says when the seed is secret, not the one committed to, or the round is open', () => {
    const round = coinRound(100, 1, 'cashout')
    expect(verifyStatefulRound(coinflipRules, { ...round, serverSeed: null })).toEqual({
      status: 'unrevealed',
    })
    expect(verifyStatefulRound(coinflipRules, { ...round, serverSeed: 'another' })).toEqual({
      status: 'badSeed',
    })
    const open = coinRound(100, 1, 'none')
    expect(verifyStatefulRound(coinflipRules, { ...open, serverSeed: SERVER_SEED })).toEqual({
      status: 'open',
    })
  })

  it('replays an expired tower round at the better of its cash-out value and its stake', () => {
    const server = towerServer(SERVER_SEED, CLIENT_SEED)
    const opened = towerWire.parseAck(
      'open',
      server.answer('open', { key: 'k-open-1', amount: 100, params: { floors: 5 } }),
    )
    if (opened.type !== 'ok') throw new Error('refused')
    const door = (towerTrap(SERVER_SEED, CLIENT_SEED, 0, 0) + 1) % 3
    server.answer('step', {
      key: 'k-step-1',
      roundId: opened.round.roundId,
      step: 0,
      action: { door },
    })
    server.expire()
    const ack = towerWire.parseAck(
      'cashout',
      server.answer('cashout', { key: 'k-cash', roundId: opened.round.roundId, step: 1 }),
    )
    if (ack.type !== 'ok') throw new Error('refused')
    expect(ack.round).toMatchObject({ endReason: 'expired', payout: 148 })
    const verdict = verifyStatefulRound(towerLogic.rules, { ...ack.round, serverSeed: SERVER_SEED })
    expect(verdict).toMatchObject({ status: 'verified', endReason: 'expired', payout: 148 })
  })
})
