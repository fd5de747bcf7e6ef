import { describe, expect, it } from 'vitest'
import cashout from '../../tests/recordings/miner-cashout.json'
import { MAX_BET_PAYOUT } from '../engine/money'
import { parseRecording } from '../engine/replay'
import { recordedStartBalance } from '../kit/testing/replayRound'
import { contextAfter } from '../kit/testing/statefulReplay'
import { minerClient } from './client'
import { minerStatefulRules } from './protocol'
import { cashOutPayout, minerMultiplier } from './rules'
import { RECORDED_ROUND, replayMinerRound } from './round.replay'

const { wire } = minerClient

/**
 * A live miner round against the reference server (`npm run record -- miner-cashout`, see
 * tests/recordings/README.md): a 3-mine board, one safe tile, two more in one step, a cash-out.
 * The board, ids and balances are the server's, so the expected values are read from the file's
 * acks and checked with the rules; what is fixed here is how the machine responds: the order of
 * its states and where its context ends.
 */
const recording = parseRecording(cashout)

/** The acks of `command`, parsed by miner's wire, in order. */
const acks = (command: 'open' | 'step' | 'cashout') =>
  recording.events
    .filter((e) => e.dir === 'in' && e.name === `${command}:ack`)
    .map((e) => wire.parseAck(command, e.payload))

describe('miner recording (live)', () => {
  it('is a live recording of the current protocol, no mine shown before the end', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.service).toBe('miner')
    for (const e of recording.events) {
      if (e.dir === 'in' && !e.name.includes(':')) minerClient.eventFromStream(e.name, e.payload)
    }
    const [ended] = acks('cashout')
    if (ended?.type !== 'ok' || !ended.round.reveal) throw new Error('no ended round')
    const mines = ended.round.reveal.mines
    for (const ack of [...acks('open'), ...acks('step')]) {
      if (ack.type !== 'ok') throw new Error('refused')
      expect(ack.round.reveal).toBeNull()
      expect(ack.round.view.revealed.filter((t) => mines.includes(t))).toEqual([])
    }
  })

  it('pays the cash-out after 3 safe tiles as the rules do, on the board it reveals', () => {
    const [opened] = acks('open')
    const steps = acks('step')
    const [ended] = acks('cashout')
    if (opened?.type !== 'ok' || ended?.type !== 'ok') throw new Error('refused')
    expect(opened.round.params).toEqual(RECORDED_ROUND.params)
    expect(opened.round.amount).toBe(RECORDED_ROUND.amount)
    // Each step's multiplier is the rules' for the safe tiles so far: 1 tile, then 3.
    expect(steps.map((a) => (a.type === 'ok' ? a.round.multiplier : null))).toEqual([
      minerMultiplier(3, 1),
      minerMultiplier(3, 3),
    ])
    const { round } = ended
    expect(round).toMatchObject({ status: 'won', endReason: 'cashout', step: 3 })
    expect(round.payout).toBe(
      cashOutPayout({ amount: round.amount, cap: MAX_BET_PAYOUT.RUB }, round.multiplier),
    )
    // The revealed board agrees with every step: the gems were safe on it.
    const state = {
      mines: 3,
      board: round.reveal!.mines,
      revealed: round.view.revealed,
      hit: [],
    }
    expect(minerStatefulRules.multiplier(state)).toBe(round.multiplier)
    expect(ended.balance).toBe(recordedStartBalance(wire, recording) - round.amount + round.payout)
  })

  it('replays through the round machine to the cashed-out round', async () => {
    const [ended] = acks('cashout')
    if (ended?.type !== 'ok') throw new Error('refused')
    const result = await replayMinerRound(recording)
    // Each command is sent once: its answer came, so no resend after a lost answer shows.
    expect(result.path).toBe(
      'idle > opening.sending > open > stepping.sending > open > stepping.sending > open > cashingOut.sending > settled',
    )
    expect(result.context).toMatchObject(contextAfter(ended))
    expect(result.context.round).toMatchObject({ status: 'won', payout: ended.round.payout })
    expect(result.context.recent.map((r) => r.roundId)).toEqual([ended.round.roundId])
  })
})
