import { describe, expect, it } from 'vitest'
import lost from '../../tests/recordings/hilo-lost.json'
import { CARDS } from '../engine/fairness/draws'
import { MAX_BET_PAYOUT } from '../engine/money'
import { parseRecording } from '../engine/replay'
import { recordedStartBalance } from '../kit/testing/replayRound'
import { hiloClient } from './client'
import type { HiloView } from './protocol'
import { replayHilo } from './round.replay'
import { playMove, startRound, type HiloMove } from './rules'

/**
 * A live hilo round against the reference server (`npm run record -- hilo-lost`, see
 * tests/recordings/README.md): a skip, two correct guesses and a wrong one. Cards, ids and
 * balances are the server's, so the expected values are read from the file's own acks and checked
 * with the rules; what is fixed here is how the machine responds: the order of its states and
 * where its context ends.
 */
const recording = parseRecording(lost)
const { wire } = hiloClient

const inbound = (name: string) =>
  recording.events.filter((e) => e.dir === 'in' && e.name === name).map((e) => e.payload)

describe('hilo recording (live)', () => {
  it('is a live recording of the current protocol, every ack parsed by the wire', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.service).toBe('general')
    for (const e of recording.events) {
      if (e.dir === 'in' && !e.name.includes(':')) hiloClient.eventFromStream(e.name, e.payload)
    }
  })

  it('shows no card ahead: each ack carries the cards its steps took and no more', () => {
    const acks = [
      ...inbound('open:ack').map((p) => wire.parseAck('open', p)),
      ...inbound('step:ack').map((p) => wire.parseAck('step', p)),
    ]
    expect(acks).toHaveLength(5)
    for (const ack of acks) {
      if (ack.type !== 'ok') throw new Error('a refused command')
      expect((ack.round.view as HiloView).cards).toHaveLength(ack.round.step + 1)
    }
  })

  it('plays as the rules do on the server cards, and the wrong guess loses the stake', () => {
    const acks = inbound('step:ack').map((p) => wire.parseAck('step', p))
    const last = acks.at(-1)
    if (last?.type !== 'ok') throw new Error('the last step was refused')
    const { round } = last
    const view = round.view as HiloView
    expect(round).toMatchObject({ status: 'lost', endReason: 'lost', payout: 0, multiplier: 0 })
    const moves = view.moves as HiloMove[]
    expect(moves).toEqual(['skip', 'higherOrSame', 'higherOrSame', 'lowerOrSame'])
    const stake = { amount: round.amount, cap: MAX_BET_PAYOUT[round.currency] }
    let played = startRound(CARDS[view.cards[0]!]!)
    for (const [i, move] of moves.entries()) {
      const step = playMove(played, move, CARDS[view.cards[i + 1]!]!, stake)
      played = step.round
      const ack = acks[i]
      if (ack?.type !== 'ok') throw new Error(`step ${i + 1} refused`)
      expect(ack.round.steps[i]!.outcome).toEqual({ card: view.cards[i + 1], won: step.won })
      // A cash-out is offered only after a correct guess: the skip leaves it at 0.
      expect(ack.round.multiplier).toBe(
        step.end === 'wrong' || played.correct === 0 ? 0 : played.multiplier,
      )
    }
    expect(played.correct).toBe(2)
  })

  it('replays through the round machine: open, three steps that stay open, the losing step', async () => {
    const result = await replayHilo(recording)
    expect(result.path).toBe(
      'idle > opening.sending > open > stepping.sending > open > stepping.sending > open > stepping.sending > open > stepping.sending > settled',
    )
    const { context } = result
    expect(context.round).toMatchObject({ status: 'lost', step: 4, payout: 0 })
    expect(context.recent.map((r) => r.roundId)).toEqual([context.round!.roundId])
    expect(context.pending).toBeNull()
    expect(context.lastError).toBeNull()
    expect(context.balance).toBe(recordedStartBalance(wire, recording) - 100)
  })
})
