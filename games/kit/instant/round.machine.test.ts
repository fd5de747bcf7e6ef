import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { z } from 'zod/mini'
import type { Minor } from '../../engine/money'
import type { CommandKey } from '../protocol'
import { instantWire, type InstantBetAck, type InstantBetCommand } from './protocol'
import { REVEAL_MS, createInstantRoundMachine } from './round.machine'

// A stand-in game: the machine is generic, so any params and outcome will do.
const wire = instantWire('test', z.object({ pick: z.int() }), z.object({ value: z.int() }))
type Params = { pick: number }
type Outcome = { value: number }
const HASH = 'ab'.repeat(32)
const key = (n: number) => `key-0000-${n}` as CommandKey

/** Acks go through the real parser, so every fixture is protocol-valid. */
const ok = (balance: number, payout: number, nonce: number): InstantBetAck<Outcome> =>
  wire.parseAck('bet', {
    type: 'ok',
    v: 1,
    betId: `b${nonce}`,
    outcome: { value: 42 },
    multiplier: payout === 0 ? 0 : 20_000,
    payout,
    balance,
    nonce,
    serverSeedHash: HASH,
  }) as InstantBetAck<Outcome>
const refused = (code: string): InstantBetAck<Outcome> =>
  wire.parseAck('bet', { type: 'error', v: 1, code }) as InstantBetAck<Outcome>
const snapshot = (balance: number, nonce: number) =>
  wire.parseEvent('snapshot', {
    type: 'snapshot',
    v: 1,
    serverTime: 1,
    me: { balance, currency: 'RUB', serverSeedHash: HASH, clientSeed: 'c', nonce },
  })

function start(answer: (bet: InstantBetCommand<Params>) => Promise<InstantBetAck<Outcome>>) {
  const sent: InstantBetCommand<Params>[] = []
  const machine = createInstantRoundMachine<Params, Outcome>({ id: 'test.round' }).provide({
    actors: {
      placeBet: fromPromise(({ input }: { input: InstantBetCommand<Params> }) => {
        sent.push(input)
        return answer(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { currency: 'RUB', balance: 10_000 as Minor } })
  actor.start()
  actor.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
  return { actor, sent }
}

const bet = (n: number, amount = 100) =>
  ({ type: 'BET', key: key(n), amount: amount as Minor, params: { pick: 7 } }) as const

describe('instant round machine', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends one bet, reveals its result, then settles after the reveal', async () => {
    const { actor, sent } = start(async () => ok(10_100, 200, 0))
    actor.send(bet(1))
    expect(actor.getSnapshot().value).toBe('betting')
    expect(sent).toEqual([
      { type: 'bet', v: 1, key: key(1), amount: 100, currency: 'RUB', params: { pick: 7 } },
    ])
    await vi.advanceTimersByTimeAsync(0)
    const revealing = actor.getSnapshot()
    expect(revealing.value).toBe('revealing')
    expect(revealing.context.balance).toBe(10_100)
    expect(revealing.context.last).toMatchObject({ betId: 'b0', payout: 200, amount: 100 })
    await vi.advanceTimersByTimeAsync(REVEAL_MS)
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('settles at once with instant play, and keeps the newest results first', async () => {
    let nonce = 0
    const { actor } = start(async () => ok(10_000, 0, nonce++))
    actor.send({ type: 'SET_INSTANT', instant: true })
    actor.send(bet(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('settled')
    actor.send(bet(2))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.recent.map((r) => r.betId)).toEqual(['b1', 'b0'])
  })

  it('takes a new bet during the reveal (fast repeat play) and skips it on SKIP', async () => {
    let nonce = 0
    const { actor, sent } = start(async () => ok(10_000, 0, nonce++))
    actor.send(bet(1))
    await vi.advanceTimersByTimeAsync(0)
    actor.send(bet(2))
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'SKIP' })
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('ignores a second bet while one is out', () => {
    const { actor, sent } = start(() => new Promise(() => {}))
    actor.send(bet(1))
    actor.send(bet(2))
    expect(sent).toHaveLength(1)
  })

  it('keeps the balance and shows the refusal when the server refuses', async () => {
    const { actor } = start(async () => refused('balance_not_enough'))
    actor.send(bet(1, 99_999))
    await vi.advanceTimersByTimeAsync(0)
    const s = actor.getSnapshot()
    expect(s.value).toBe('idle')
    expect(s.context.balance).toBe(10_000)
    expect(s.context.lastError).toBe('balance_not_enough')
    expect(s.context.last).toBeNull()
  })

  it('reports a failed trip as a network error', async () => {
    const { actor } = start(() => Promise.reject(new Error('timeout')))
    actor.send(bet(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.lastError).toBe('network')
  })

  it('refuses a bet while disconnected, sending nothing', () => {
    const { actor, sent } = start(async () => ok(1, 1, 0))
    actor.send({ type: 'DISCONNECTED' })
    actor.send(bet(1))
    expect(sent).toHaveLength(0)
    expect(actor.getSnapshot().context.lastError).toBe('offline')
  })

  it('takes the balance and seeds from a snapshot, and moves the nonce with each ack', async () => {
    const { actor } = start(async () => ok(500, 0, 4))
    actor.send(snapshot(600, 4))
    expect(actor.getSnapshot().context.balance).toBe(600)
    actor.send(bet(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.seeds).toEqual({
      serverSeedHash: HASH,
      clientSeed: 'c',
      nonce: 5,
    })
  })
})
