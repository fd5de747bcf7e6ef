import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Minor } from '../../engine/money'
import { autobetMachine, type AutobetSettings } from '../autobet.machine'
import {
  parseAck,
  parseServerEvent,
  type AckOf,
  type ClientCommand,
  type CommandKey,
  type CommandName,
  type ServerEvent,
} from '../protocol'
import { crashRoundMachine } from '../round.machine'
import type { Multiplier } from '../rules'
import { linkAutobet, refusalOf } from '../../kit/ui/autoBetLink'
import { crashAutobetHooks } from './crashHooks'

const HASH = 'cd'.repeat(32)
const T0 = 1_700_000_000_000

const server = (payload: Record<string, unknown>): ServerEvent =>
  parseServerEvent(String(payload.type), { v: 1, ...payload })
const betting = (roundId: string) => server({ type: 'betting', roundId, bettingEndsAt: T0 + 6000 })
const started = (roundId: string) => server({ type: 'started', roundId, startedAt: T0 + 6000 })
const crashed = (roundId: string, crashPoint: number) =>
  server({ type: 'crashed', roundId, crashPoint, crashedAt: T0 + 9000, roundHash: HASH, salt: 's' })
const settled = (betId: string, roundId: string, win: number, balance: number) =>
  server({
    type: 'settled',
    betId,
    roundId,
    status: win > 0 ? 'cashedOut' : 'lost',
    cashoutAt: win > 0 ? 200 : null,
    win,
    balance,
  })
const snapshot = (roundId: string, phase: 'betting' | 'running' | 'crashed', balance: number) =>
  server({
    type: 'snapshot',
    serverTime: T0,
    round: {
      id: roundId,
      phase,
      bettingEndsAt: phase === 'betting' ? T0 + 6000 : null,
      startedAt: phase === 'betting' ? null : T0,
      crashPoint: phase === 'crashed' ? 150 : null,
      roundHash: phase === 'crashed' ? HASH : null,
    },
    fairness: { salt: 's', terminatingHash: HASH },
    bets: [],
    history: [],
    me: { balance, currency: 'RUB', bets: [] },
  })

const settings = (over: Partial<AutobetSettings> = {}): AutobetSettings => ({
  rounds: 2,
  amount: 1000 as Minor,
  autoCashoutAt: 200 as Multiplier,
  stopOnProfit: null,
  stopOnLoss: null,
  ...over,
})

interface Call {
  input: ClientCommand
  resolve(ack: unknown): void
}

/** Both machines, linked as CrashGame links them, with a fake `bet` command the test answers. */
function harness(balance = 10_000) {
  const calls: Call[] = []
  const fake = <C extends CommandName>(command: C) =>
    fromPromise<AckOf<C>, Extract<ClientCommand, { type: C }>>(
      ({ input }) =>
        new Promise((resolve) => {
          calls.push({ input, resolve: (raw) => resolve(parseAck(command, { v: 1, ...raw! })) })
        }),
    )
  const round = createActor(
    crashRoundMachine.provide({
      actors: {
        placeBet: fake('bet'),
        cashOut: fake('cashOut'),
        cancelBet: fake('cancelBet'),
        requestSync: fake('sync'),
      },
    }),
    { input: { currency: 'RUB', balance: balance as Minor } },
  ).start()
  const autobet = createActor(autobetMachine).start()
  let n = 0
  const unlink = linkAutobet({
    round,
    autobet,
    hooks: crashAutobetHooks,
    newKey: () => `auto-key-${++n}` as CommandKey,
  })
  const bets = () => calls.filter((c) => c.input.type === 'bet')
  return {
    round,
    autobet,
    unlink,
    bets,
    ctx: () => autobet.getSnapshot().context,
    /** Accepts the last bet as placed in `roundId`, and lets the ack reach the machine. */
    accept: async (betId: string, roundId: string, after: number) => {
      bets().at(-1)?.resolve({ type: 'ok', betId, roundId, status: 'placed', balance: after })
      await vi.advanceTimersByTimeAsync(0)
    },
    refuse: async (code: string) => {
      bets().at(-1)?.resolve({ type: 'error', code })
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('auto-bet linked to the round machine', () => {
  it('bets through the round machine each round and stops after the set rounds', async () => {
    const h = harness()
    h.round.send(snapshot('1', 'running', 10_000))
    h.autobet.send({ type: 'START', settings: settings() })
    expect(h.bets()).toHaveLength(0) // a running round is not open for bets

    h.round.send(crashed('1', 150))
    h.round.send(betting('2'))
    expect(h.bets().map((c) => c.input)).toEqual([
      { type: 'bet', v: 1, key: 'auto-key-1', amount: 1000, currency: 'RUB', autoCashoutAt: 200 },
    ])
    await h.accept('b2', '2', 9000)
    expect(h.round.getSnapshot().matches({ bet: 'placed' })).toBe(true)
    h.round.send(started('2'))
    h.round.send(settled('b2', '2', 2000, 11_000)) // auto cash-out at 2.00x
    expect(h.ctx()).toMatchObject({ played: 1, net: 1000 })
    expect(h.autobet.getSnapshot().matches({ on: 'waitingForRound' })).toBe(true)
    h.round.send(crashed('2', 340))
    expect(h.bets()).toHaveLength(1)

    h.round.send(betting('3'))
    expect(h.bets()).toHaveLength(2)
    expect(h.bets()[1]?.input).toMatchObject({ key: 'auto-key-2' })
    await h.accept('b3', '3', 10_000)
    h.round.send(started('3'))
    h.round.send(crashed('3', 120)) // below the auto cash-out: lost
    expect(h.autobet.getSnapshot().matches('off')).toBe(true)
    expect(h.ctx()).toMatchObject({ played: 2, net: 0, stopReason: 'rounds' })

    h.round.send(betting('4'))
    expect(h.bets()).toHaveLength(2)
  })

  it('bets at once when started while a round is open for bets', () => {
    const h = harness()
    h.round.send(snapshot('5', 'betting', 10_000))
    h.autobet.send({ type: 'START', settings: settings() })
    expect(h.bets()).toHaveLength(1)
    expect(h.round.getSnapshot().matches({ bet: 'placing' })).toBe(true)
  })

  it('stops for the balance when the pre-check refuses the bet, sending nothing', () => {
    const h = harness()
    h.round.send(snapshot('5', 'running', 500))
    h.autobet.send({ type: 'START', settings: settings() })
    h.round.send(crashed('5', 200))
    h.round.send(betting('6'))
    expect(h.bets()).toHaveLength(0)
    expect(h.round.getSnapshot().context.lastError).toBe('balance_not_enough')
    expect(h.ctx()).toMatchObject({ stopReason: 'balance', played: 0 })
  })

  it('stops with an error when the server refuses the bet', async () => {
    const h = harness()
    h.round.send(snapshot('5', 'betting', 10_000))
    h.autobet.send({ type: 'START', settings: settings() })
    await h.refuse('rate_limited')
    expect(h.autobet.getSnapshot().matches('off')).toBe(true)
    expect(h.ctx().stopReason).toBe('error')
  })

  it('keeps counting a bet restored by a resync snapshot, matched by its id', async () => {
    const h = harness()
    h.round.send(snapshot('5', 'betting', 10_000))
    h.autobet.send({ type: 'START', settings: settings({ rounds: 1 }) })
    await h.accept('b5', '5', 9000)
    h.round.send({ type: 'DISCONNECTED' })
    h.round.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    const restored = server({
      ...(snapshot('5', 'running', 9000) as Record<string, unknown>),
      me: {
        balance: 9000,
        currency: 'RUB',
        bets: [
          {
            betId: 'b5',
            roundId: '5',
            amount: 1000,
            currency: 'RUB',
            autoCashoutAt: 200,
            status: 'active',
            cashoutAt: null,
            win: null,
          },
        ],
      },
    })
    h.round.send(restored)
    expect(h.round.getSnapshot().context.bet?.key).toBeNull()
    h.round.send(settled('b5', '5', 2000, 11_000))
    expect(h.ctx()).toMatchObject({ played: 1, net: 1000, stopReason: 'rounds' })
  })

  it('stops following once the player stops, and after unlinking sends nothing', async () => {
    const h = harness()
    h.round.send(snapshot('5', 'betting', 10_000))
    h.autobet.send({ type: 'START', settings: settings() })
    h.autobet.send({ type: 'STOP' })
    await h.accept('b5', '5', 9000)
    h.round.send(started('5'))
    h.round.send(crashed('5', 300))
    expect(h.ctx()).toMatchObject({ played: 0, stopReason: 'player' })
    h.unlink()
    h.autobet.send({ type: 'START', settings: settings() })
    h.round.send(betting('6'))
    expect(h.bets()).toHaveLength(1)
  })

  it('tells a short balance apart from other refusals', () => {
    expect(refusalOf('balance_not_enough')).toBe('balance')
    expect(refusalOf('betting_closed')).toBe('error')
    expect(refusalOf(null)).toBe('error')
  })
})
