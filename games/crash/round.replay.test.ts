import { describe, expect, it } from 'vitest'
import type { StateValue } from 'xstate'
import { crashPoint } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { parseRecording, type Recording } from '../engine/replay'
import { recordedStartBalance, replayRound } from '../kit/testing/replayRound'
import autoCashoutRacesCrash from '../../tests/recordings/crash-auto-cashout-races-crash.json'
import betAndCashOut from '../../tests/recordings/crash-bet-and-cash-out.json'
import disconnectMidRound from '../../tests/recordings/crash-disconnect-mid-round.json'
import {
  crashCommandActors,
  crashEventFromStream,
  crashRoundMachine,
  crashWire,
  maxWin,
  parseAck,
  parseServerEvent,
  payout,
  type Multiplier,
  type ServerEvent,
} from '.'

/**
 * The recordings are live sessions against the reference server (`npm run record`, see
 * tests/recordings/README.md). Times, ids and balances are the server's, so the expected values
 * are read from each file's own acks and events; what is fixed here is how the machine must
 * respond to them: the order of its states and where its context ends.
 */
const FILES = {
  'crash-bet-and-cash-out.json': betAndCashOut,
  'crash-disconnect-mid-round.json': disconnectMidRound,
  'crash-auto-cashout-races-crash.json': autoCashoutRacesCrash,
} as const

/** Replays a recording through the real machine, the real ack parsing and the stream mapping. */
const replayCrash = (recording: Recording) =>
  replayRound(recording, {
    wire: crashWire,
    machine: (transport) => crashRoundMachine.provide({ actors: crashCommandActors(transport) }),
    eventFromStream: crashEventFromStream,
  })

const load = (file: keyof typeof FILES) => parseRecording(FILES[file])

/** The one incoming entry named `name` (an event or an ack); a second one is a different session. */
function only(recording: Recording, name: string): unknown {
  const found = recording.events.filter((e) => e.dir === 'in' && e.name === name)
  expect(found, name).toHaveLength(1)
  return found[0]?.payload
}

function event<T extends ServerEvent['type']>(recording: Recording, type: T) {
  return parseServerEvent(type, only(recording, type)) as Extract<ServerEvent, { type: T }>
}

/** The balance the first snapshot reported: what the player had when the session began. */
const startBalance = (recording: Recording) => recordedStartBalance(crashWire, recording)

/** The placed bet and the crash of its round, checked against the chain's fairness function. */
function betAndCrash(recording: Recording) {
  const bet = parseAck('bet', only(recording, 'bet:ack'))
  if (bet.type !== 'ok') throw new Error(`bet refused: ${bet.code}`)
  const crashed = event(recording, 'crashed')
  expect(crashed.roundId).toBe(bet.roundId)
  expect(crashPoint(crashed.roundHash, crashed.salt)).toBe(crashed.crashPoint)
  return { bet, crashed }
}

const STAKE = 10_000 as Minor
const connecting = { round: { connecting: 'waiting' }, bet: 'idle' }
const untilPlaced: StateValue[] = [
  connecting,
  { round: 'betting', bet: 'idle' },
  { round: 'betting', bet: 'placing' },
  { round: 'betting', bet: 'placed' },
  { round: 'running', bet: 'placed' },
]

describe('crash recordings (live)', () => {
  it.each(Object.keys(FILES) as (keyof typeof FILES)[])(
    '%s is a live recording of the current protocol',
    (file) => {
      const recording = load(file)
      expect(recording.meta?.source).toBe('live')
      expect(recording.protocolVersion).toBe(1)
      // Every server event in the file still parses: the wire has not moved under the recording.
      for (const e of recording.events) {
        if (e.dir === 'in' && !e.name.includes(':')) crashEventFromStream(e.name, e.payload)
      }
    },
  )

  it('a bet and a manual cash-out: paid at the multiplier the server gave', async () => {
    const recording = load('crash-bet-and-cash-out.json')
    const { bet, crashed } = betAndCrash(recording)
    const cash = parseAck('cashOut', only(recording, 'cashOut:ack'))
    if (cash.type !== 'ok') throw new Error(`cash-out refused: ${cash.code}`)
    expect(cash.betId).toBe(bet.betId)
    expect(cash.cashoutAt).toBeGreaterThanOrEqual(150)
    expect(cash.cashoutAt).toBeLessThan(crashed.crashPoint)
    expect(cash.win).toBe(payout(STAKE, cash.cashoutAt, maxWin('RUB')))
    expect(bet.balance).toBe(startBalance(recording) - STAKE)
    expect(cash.balance).toBe(bet.balance + cash.win)

    const result = await replayCrash(recording)
    expect(result.states).toEqual([
      ...untilPlaced,
      { round: 'running', bet: 'cashingOut' },
      { round: 'running', bet: 'cashedOut' },
      { round: 'crashed', bet: 'cashedOut' },
    ])
    expect(result.context).toMatchObject({
      balance: cash.balance,
      currency: 'RUB',
      bet: {
        betId: bet.betId,
        roundId: bet.roundId,
        amount: STAKE,
        autoCashoutAt: null,
        cashoutAt: cash.cashoutAt,
        win: cash.win,
      },
      round: { id: bet.roundId, phase: 'crashed', crashPoint: crashed.crashPoint },
      lastError: null,
    })
    expect(result.context.bets.find((row) => row.betId === bet.betId)).toMatchObject({
      status: 'cashedOut',
      cashoutAt: cash.cashoutAt,
      win: cash.win,
    })
    expect(result.context.history[0]).toMatchObject({
      roundId: bet.roundId,
      crashPoint: crashed.crashPoint,
    })
  })

  it('a drop mid-round: the client reconnects, the bet still stands and cashes out', async () => {
    const recording = load('crash-disconnect-mid-round.json')
    const { bet, crashed } = betAndCrash(recording)
    const connects = recording.events.filter((e) => e.name === 'connect')
    expect(connects).toHaveLength(2)
    const started = event(recording, 'started')
    const drop = recording.events.find((e) => e.name === 'disconnect')
    const startedAt = recording.events.find((e) => e.name === 'started')?.at ?? Infinity
    // The drop came while the round ran, after the bet was placed.
    expect(drop?.at).toBeGreaterThan(startedAt)
    expect(started.roundId).toBe(bet.roundId)
    const recovered = (connects[1]?.payload as { recovered: boolean }).recovered
    const cash = parseAck('cashOut', only(recording, 'cashOut:ack'))
    if (cash.type !== 'ok') throw new Error(`cash-out refused: ${cash.code}`)
    expect(cash.betId).toBe(bet.betId)
    expect(cash.win).toBe(payout(STAKE, cash.cashoutAt, maxWin('RUB')))

    const result = await replayCrash(recording)
    expect(result.states).toEqual([
      ...untilPlaced,
      { round: 'offline', bet: 'placed' },
      // socket.io recovered the session (missed events replayed), or a snapshot resynced it.
      ...(recovered ? [] : [{ round: { resyncing: 'waiting' }, bet: 'placed' }]),
      { round: 'running', bet: 'placed' },
      { round: 'running', bet: 'cashingOut' },
      { round: 'running', bet: 'cashedOut' },
      { round: 'crashed', bet: 'cashedOut' },
    ])
    expect(result.context).toMatchObject({
      balance: cash.balance,
      bet: { betId: bet.betId, roundId: bet.roundId, cashoutAt: cash.cashoutAt, win: cash.win },
      round: { id: bet.roundId, phase: 'crashed', crashPoint: crashed.crashPoint },
      lastError: null,
    })
    expect(cash.balance).toBe(startBalance(recording) - STAKE + cash.win)
  })

  it('an auto cash-out 0.01x below the crash point wins just before the crash', async () => {
    const recording = load('crash-auto-cashout-races-crash.json')
    const { bet, crashed } = betAndCrash(recording)
    const target = crashed.crashPoint - 1
    const settled = event(recording, 'settled')
    // The server's own auto cash-out, at the target, not the client's reading of the rules.
    expect(settled).toMatchObject({ betId: bet.betId, status: 'cashedOut', cashoutAt: target })
    expect(settled.win).toBe(payout(STAKE, target as Multiplier, maxWin('RUB')))
    expect(settled.balance).toBe(bet.balance + settled.win)
    const settledFirst =
      recording.events.findIndex((e) => e.name === 'settled') <
      recording.events.findIndex((e) => e.name === 'crashed')

    const result = await replayCrash(recording)
    expect(result.states).toEqual([
      ...untilPlaced,
      // Whichever of `settled` and `crashed` reached the client first, the bet ends cashed out.
      ...(settledFirst ? [{ round: 'running', bet: 'cashedOut' }] : []),
      { round: 'crashed', bet: 'cashedOut' },
    ])
    expect(result.context).toMatchObject({
      balance: settled.balance,
      bet: { betId: bet.betId, autoCashoutAt: target, cashoutAt: target, win: settled.win },
      round: { id: bet.roundId, phase: 'crashed', crashPoint: crashed.crashPoint },
      lastError: null,
    })
  })

  it('had the settlement been lost, the crash alone settles the auto cash-out by the rules', async () => {
    const recording = load('crash-auto-cashout-races-crash.json')
    const { bet, crashed } = betAndCrash(recording)
    const withoutSettlement = {
      ...recording,
      events: recording.events.filter((e) => e.name !== 'settled' && e.name !== 'bets'),
    }
    const result = await replayCrash(withoutSettlement)
    expect(result.states.at(-1)).toEqual({ round: 'crashed', bet: 'cashedOut' })
    const target = crashed.crashPoint - 1
    expect(result.context).toMatchObject({
      // The payout reaches the balance only with the server's word; the bet shows the win already.
      balance: bet.balance,
      bet: {
        betId: bet.betId,
        cashoutAt: target,
        win: payout(STAKE, target as Multiplier, maxWin('RUB')),
      },
    })
  })
})
