import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Minor } from '../engine/money'
import {
  parseAck,
  parseServerEvent,
  type AckOf,
  type ClientCommand,
  type CommandKey,
  type CommandName,
  type ServerEvent,
} from './protocol'
import { SNAPSHOT_TIMEOUT_MS, crashRoundMachine } from './round.machine'
import type { CrashRoundInput } from './round.model'
import type { Multiplier } from './rules'

const HASH = 'cd'.repeat(32)
const T0 = 1_700_000_000_000

/** Server events go through the real parser, so every fixture is protocol-valid. */
const server = (payload: Record<string, unknown>): ServerEvent =>
  parseServerEvent(String(payload.type), { v: 1, ...payload })

const betting = (roundId: string) =>
  server({ type: 'betting', roundId, bettingEndsAt: T0 + 10_000 })
const started = (roundId: string) => server({ type: 'started', roundId, startedAt: T0 + 10_000 })
const crashed = (roundId: string, crashPoint: number) =>
  server({
    type: 'crashed',
    roundId,
    crashPoint,
    crashedAt: T0 + 20_000,
    roundHash: HASH,
    salt: 'salt',
  })
const row = (
  betId: string,
  status: 'active' | 'cashedOut' | 'lost',
  cashoutAt: number | null = null,
  win: number | null = null,
) => ({
  betId,
  player: 'p',
  amount: 1000,
  currency: 'RUB',
  status,
  cashoutAt,
  win,
})
const bets = (roundId: string, ...rows: ReturnType<typeof row>[]) =>
  server({ type: 'bets', roundId, bets: rows })

type OwnStatus = 'queued' | 'active' | 'cashedOut' | 'lost'
function snapshot(
  phase: 'betting' | 'running' | 'crashed',
  own: { status: OwnStatus; roundId?: string; autoCashoutAt?: number | null }[] = [],
  roundId = '7',
) {
  return server({
    type: 'snapshot',
    serverTime: T0,
    round: {
      id: roundId,
      phase,
      bettingEndsAt: phase === 'betting' ? T0 + 5000 : null,
      startedAt: phase === 'betting' ? null : T0 - 1000,
      crashPoint: phase === 'crashed' ? 250 : null,
      roundHash: phase === 'crashed' ? HASH : null,
    },
    fairness: { salt: 'salt', terminatingHash: HASH },
    bets: [row('other', 'active')],
    history: [{ roundId: '6', crashPoint: 100, roundHash: HASH, salt: 'salt' }],
    me: {
      balance: 50_000,
      currency: 'RUB',
      bets: own.map((b, i) => ({
        betId: `own${i}`,
        roundId: b.roundId ?? roundId,
        amount: 1000,
        currency: 'RUB',
        autoCashoutAt: b.autoCashoutAt ?? null,
        status: b.status,
        cashoutAt: b.status === 'cashedOut' ? 150 : null,
        win: b.status === 'cashedOut' ? 1500 : b.status === 'lost' ? 0 : null,
      })),
    },
  })
}

const key = (k: string) => `key-${k}-0000` as CommandKey
const BET = (amount: number, autoCashoutAt: number | null = null) => ({
  type: 'BET' as const,
  key: key('bet'),
  amount: amount as Minor,
  autoCashoutAt: autoCashoutAt as Multiplier | null,
})

interface Call {
  src: string
  input: ClientCommand
  resolve(ack: unknown): void
  reject(error: Error): void
}

/** The machine with fake command actors whose promises the test settles by hand. */
function start(input: CrashRoundInput = { currency: 'RUB', balance: 100_000 as Minor }) {
  const calls: Call[] = []
  // Acks go through the real parser too, as `crashCommandActors` does at the app edge.
  const fake = <C extends CommandName>(command: C) =>
    fromPromise<AckOf<C>, Extract<ClientCommand, { type: C }>>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          const answer = (raw: unknown) => resolve(parseAck(command, raw))
          calls.push({ src: command, input, resolve: answer, reject })
        }),
    )
  const actor = createActor(
    crashRoundMachine.provide({
      actors: {
        placeBet: fake('bet'),
        cashOut: fake('cashOut'),
        cancelBet: fake('cancelBet'),
        requestSync: fake('sync'),
      },
    }),
    { input },
  ).start()
  const last = () => {
    const call = calls.at(-1)
    if (!call) throw new Error('no command was sent')
    return call
  }
  return {
    actor,
    calls,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    /** Settles the last command with `ack` and lets the promise reach the machine. */
    ack: async (ack: Record<string, unknown>) => {
      last().resolve({ v: 1, ...ack })
      await vi.advanceTimersByTimeAsync(0)
    },
    fail: async () => {
      last().reject(new Error('timeout'))
      await vi.advanceTimersByTimeAsync(0)
    },
    last,
  }
}

/** A player with a placed bet of 10 RUB (1000) in running round 7. */
async function withPlacedBet(autoCashoutAt: number | null = null) {
  const h = start()
  h.send(snapshot('betting'))
  h.send(BET(1000, autoCashoutAt))
  await h.ack({ type: 'ok', betId: 'b1', roundId: '7', status: 'placed', balance: 99_000 })
  return h
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('round region', () => {
  it('waits for the snapshot and asks for one with sync when it is late, again and again', async () => {
    const h = start()
    expect(h.value()).toEqual({ round: { connecting: 'waiting' }, bet: 'idle' })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS - 1)
    expect(h.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.calls.map((c) => [c.src, c.input])).toEqual([['sync', { type: 'sync', v: 1 }]])
    await h.ack({ type: 'ok' })
    expect(h.value()).toEqual({ round: { connecting: 'waiting' }, bet: 'idle' })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    expect(h.calls).toHaveLength(2)
  })

  it.each(['betting', 'running', 'crashed'] as const)(
    'enters %s from a snapshot in that phase',
    (phase) => {
      const h = start()
      h.send(snapshot(phase))
      expect(h.value()).toEqual({ round: phase, bet: 'idle' })
      expect(h.ctx()).toMatchObject({
        round: { id: '7', phase },
        balance: 50_000,
        currency: 'RUB',
        fairness: { salt: 'salt' },
        bets: [{ betId: 'other' }],
        history: [{ roundId: '6' }],
      })
    },
  )

  it('follows betting, started and crashed, and records the crash in history', () => {
    const h = start()
    h.send(snapshot('crashed'))
    h.send(betting('8'))
    expect(h.value()).toMatchObject({ round: 'betting' })
    expect(h.ctx()).toMatchObject({ round: { id: '8', bettingEndsAt: T0 + 10_000 }, bets: [] })
    h.send(started('8'))
    expect(h.value()).toMatchObject({ round: 'running' })
    expect(h.ctx().round?.startedAt).toBe(T0 + 10_000)
    h.send(crashed('8', 321))
    expect(h.value()).toMatchObject({ round: 'crashed' })
    expect(h.ctx().round).toMatchObject({ crashPoint: 321, roundHash: HASH })
    expect(h.ctx().history.map((e) => e.roundId)).toEqual(['8', '6'])
  })

  it('ignores start and crash of a round that is not the current one', () => {
    const h = start()
    h.send(snapshot('betting'))
    h.send(started('6'))
    h.send(crashed('6', 200))
    expect(h.value()).toMatchObject({ round: 'betting' })
    expect(h.ctx().history).toHaveLength(1)
  })

  it('keeps at most 20 rounds of history', () => {
    const h = start()
    h.send(snapshot('crashed'))
    for (let i = 8; i < 40; i++) {
      h.send(betting(String(i)))
      h.send(started(String(i)))
      h.send(crashed(String(i), 150))
    }
    expect(h.ctx().history).toHaveLength(20)
    expect(h.ctx().history[0]?.roundId).toBe('39')
  })

  it('upserts batched bets by id', () => {
    const h = start()
    h.send(snapshot('running'))
    h.send(bets('7', row('a', 'active'), row('other', 'cashedOut', 150, 1500)))
    h.send(bets('6', row('stale', 'active')))
    expect(h.ctx().bets.map((b) => [b.betId, b.status])).toEqual([
      ['other', 'cashedOut'],
      ['a', 'active'],
    ])
  })

  it('goes offline on disconnect, keeping the bet, and resyncs from the snapshot', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send({ type: 'DISCONNECTED' })
    expect(h.value()).toEqual({ round: 'offline', bet: 'placed' })
    h.send({ type: 'CONNECTED', recovered: false, clockOffset: 42 })
    expect(h.value()).toEqual({ round: { resyncing: 'waiting' }, bet: 'placed' })
    expect(h.ctx().clockOffset).toBe(42)
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    expect(h.last().input).toEqual({ type: 'sync', v: 1 })
    h.send(snapshot('running', [{ status: 'active' }]))
    expect(h.value()).toEqual({ round: 'running', bet: 'placed' })
    expect(h.ctx().bet).toMatchObject({ betId: 'own0', roundId: '7' })
  })

  it('returns to the known phase when socket.io recovered the connection', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send({ type: 'DISCONNECTED' })
    h.send({ type: 'CONNECTED', recovered: true, clockOffset: -5 })
    expect(h.value()).toEqual({ round: 'running', bet: 'placed' })
    expect(h.ctx().clockOffset).toBe(-5)
  })

  it('takes clock offset updates', () => {
    const h = start()
    h.send({ type: 'CLOCK', clockOffset: 17 })
    expect(h.ctx().clockOffset).toBe(17)
  })
})

describe('bet region', () => {
  it('refuses an invalid bet before sending it, naming the problem', () => {
    const h = start({ currency: 'RUB', balance: 5000 as Minor })
    h.send(snapshot('betting'))
    h.send(BET(99))
    expect(h.ctx().lastError).toBe('below_min')
    h.send(BET(5_000_001))
    expect(h.ctx().lastError).toBe('above_max')
    h.send(BET(60_000)) // the snapshot's balance is 50,000
    expect(h.ctx().lastError).toBe('balance_not_enough')
    h.send(BET(1000, 100))
    expect(h.ctx().lastError).toBe('auto_cashout_range')
    expect(h.value()).toMatchObject({ bet: 'idle' })
    expect(h.calls).toHaveLength(0)
  })

  it('does not let a guest bet', () => {
    const h = start({ currency: null, balance: null })
    h.send(BET(1000))
    expect(h.value()).toMatchObject({ bet: 'idle' })
    expect(h.ctx().lastError).toBe('unauthorized')
  })

  it('places a bet: command with the key, then placed with the balance from the ack', async () => {
    const h = start()
    h.send(snapshot('betting'))
    h.send(BET(1000, 200))
    expect(h.value()).toMatchObject({ bet: 'placing' })
    expect(h.last()).toMatchObject({
      src: 'bet',
      input: {
        type: 'bet',
        v: 1,
        key: key('bet'),
        amount: 1000,
        currency: 'RUB',
        autoCashoutAt: 200,
      },
    })
    await h.ack({ type: 'ok', betId: 'b1', roundId: '7', status: 'placed', balance: 49_000 })
    expect(h.value()).toMatchObject({ bet: 'placed' })
    expect(h.ctx()).toMatchObject({
      balance: 49_000,
      bet: { betId: 'b1', roundId: '7', autoCashoutAt: 200 },
    })
  })

  it('queues a bet sent while the round runs and places it when its round opens', async () => {
    const h = start()
    h.send(snapshot('running'))
    h.send(BET(1000))
    await h.ack({ type: 'ok', betId: 'b2', roundId: '8', status: 'queued', balance: 49_000 })
    expect(h.value()).toEqual({ round: 'running', bet: 'queued' })
    h.send(crashed('7', 300))
    expect(h.value()).toEqual({ round: 'crashed', bet: 'queued' })
    h.send(betting('8'))
    expect(h.value()).toEqual({ round: 'betting', bet: 'placed' })
  })

  it('treats a queued ack that arrives after its round opened as placed', async () => {
    const h = start()
    h.send(snapshot('running'))
    h.send(BET(1000))
    h.send(crashed('7', 300))
    h.send(betting('8'))
    await h.ack({ type: 'ok', betId: 'b2', roundId: '8', status: 'queued', balance: 49_000 })
    expect(h.value()).toEqual({ round: 'betting', bet: 'placed' })
  })

  it('returns to idle with the error code of a refused bet', async () => {
    const h = start()
    h.send(snapshot('betting'))
    h.send(BET(1000))
    await h.ack({ type: 'error', code: 'balance_not_enough' })
    expect(h.value()).toMatchObject({ bet: 'idle' })
    expect(h.ctx()).toMatchObject({ bet: null, lastError: 'balance_not_enough', balance: 50_000 })
  })

  it('asks for a snapshot when a bet goes unanswered, and adopts the bet the server took', async () => {
    const h = start()
    h.send(snapshot('betting'))
    h.send(BET(1000))
    await h.fail()
    expect(h.value()).toMatchObject({ bet: 'confirming' })
    expect(h.last().input).toEqual({ type: 'sync', v: 1 })
    h.send(snapshot('betting', [{ status: 'active' }]))
    expect(h.value()).toMatchObject({ bet: 'placed' })
    expect(h.ctx().lastError).toBeNull()
  })

  it('says the unanswered bet failed when the snapshot has none, or none comes', async () => {
    const none = start()
    none.send(snapshot('betting'))
    none.send(BET(1000))
    await none.fail()
    none.send(snapshot('betting'))
    expect(none.value()).toMatchObject({ bet: 'idle' })
    expect(none.ctx()).toMatchObject({ bet: null, lastError: 'network' })

    const silent = start()
    silent.send(snapshot('betting'))
    silent.send(BET(1000))
    await silent.fail()
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS - 1)
    expect(silent.value()).toMatchObject({ bet: 'confirming' })
    await vi.advanceTimersByTimeAsync(1)
    expect(silent.value()).toMatchObject({ bet: 'idle' })
    expect(silent.ctx()).toMatchObject({ bet: null, lastError: 'network' })

    const refused = start()
    refused.send(snapshot('betting'))
    refused.send(BET(1000))
    await refused.fail()
    await refused.fail()
    expect(refused.value()).toMatchObject({ bet: 'idle' })
    expect(refused.ctx().lastError).toBe('network')
  })

  it('cashes out only while its round runs, and takes win and balance from the ack', async () => {
    const h = await withPlacedBet()
    h.send({ type: 'CASH_OUT', key: key('co') })
    expect(h.value()).toMatchObject({ bet: 'placed' }) // still betting
    h.send(started('7'))
    h.send({ type: 'CASH_OUT', key: key('co') })
    expect(h.value()).toMatchObject({ bet: 'cashingOut' })
    expect(h.last().input).toEqual({ type: 'cashOut', v: 1, key: key('co'), betId: 'b1' })
    await h.ack({ type: 'ok', betId: 'b1', cashoutAt: 153, win: 1530, balance: 100_530 })
    expect(h.value()).toMatchObject({ bet: 'cashedOut' })
    expect(h.ctx()).toMatchObject({ balance: 100_530, bet: { cashoutAt: 153, win: 1530 } })
  })

  it('keeps the bet standing when a cash-out is refused before the crash', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send({ type: 'CASH_OUT', key: key('co') })
    await h.ack({ type: 'error', code: 'rate_limited' })
    expect(h.value()).toMatchObject({ bet: 'placed' })
    expect(h.ctx().lastError).toBe('rate_limited')
  })

  it('loses when the crash overtakes the cash-out and the server says too late', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send({ type: 'CASH_OUT', key: key('co') })
    h.send(crashed('7', 180))
    expect(h.value()).toEqual({ round: 'crashed', bet: 'cashingOut' })
    await h.ack({ type: 'error', code: 'too_late' })
    expect(h.value()).toEqual({ round: 'crashed', bet: 'lost' })
    expect(h.ctx().bet).toMatchObject({ cashoutAt: null, win: 0 })
  })

  it('wins at the auto target when a too-late manual cash-out raced an auto cash-out', async () => {
    const h = await withPlacedBet(150)
    h.send(started('7'))
    h.send({ type: 'CASH_OUT', key: key('co') })
    h.send(crashed('7', 180))
    await h.fail()
    expect(h.value()).toEqual({ round: 'crashed', bet: 'cashedOut' })
    expect(h.ctx().bet).toMatchObject({ cashoutAt: 150, win: 1500 })
  })

  it('wins an auto cash-out equal to the crash point, even with the crash first on the wire', async () => {
    const h = await withPlacedBet(250)
    h.send(started('7'))
    h.send(crashed('7', 250))
    expect(h.value()).toEqual({ round: 'crashed', bet: 'cashedOut' })
    expect(h.ctx().bet).toMatchObject({ cashoutAt: 250, win: 2500 })
    h.send(
      server({
        type: 'settled',
        betId: 'b1',
        roundId: '7',
        status: 'cashedOut',
        cashoutAt: 250,
        win: 2500,
        balance: 101_500,
      }),
    )
    expect(h.ctx().balance).toBe(101_500)
  })

  it('loses above the crash point, and at a 1.00x crash', async () => {
    const h = await withPlacedBet(251)
    h.send(started('7'))
    h.send(crashed('7', 250))
    expect(h.value()).toMatchObject({ bet: 'lost' })
    const instant = await withPlacedBet(101)
    instant.send(started('7'))
    instant.send(crashed('7', 100))
    expect(instant.value()).toMatchObject({ bet: 'lost' })
    expect(instant.ctx().bet).toMatchObject({ win: 0, cashoutAt: null })
  })

  it('sees its auto cash-out in the bets feed, then the balance in settled', async () => {
    const h = await withPlacedBet(200)
    h.send(started('7'))
    h.send(bets('7', row('b1', 'cashedOut', 200, 2000)))
    expect(h.value()).toMatchObject({ bet: 'cashedOut' })
    expect(h.ctx().bet).toMatchObject({ cashoutAt: 200, win: 2000 })
    h.send(crashed('7', 400))
    expect(h.value()).toMatchObject({ bet: 'cashedOut' })
    h.send(
      server({
        type: 'settled',
        betId: 'b1',
        roundId: '7',
        status: 'cashedOut',
        cashoutAt: 200,
        win: 2000,
        balance: 101_000,
      }),
    )
    expect(h.ctx().balance).toBe(101_000)
  })

  it('leaves cashingOut when the auto cash-out lands before the manual ack', async () => {
    const h = await withPlacedBet(200)
    h.send(started('7'))
    h.send({ type: 'CASH_OUT', key: key('co') })
    h.send(bets('7', row('b1', 'cashedOut', 200, 2000)))
    expect(h.value()).toMatchObject({ bet: 'cashedOut' })
  })

  it('settles from the private settled event', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send(
      server({
        type: 'settled',
        betId: 'b1',
        roundId: '7',
        status: 'lost',
        cashoutAt: null,
        win: 0,
        balance: 99_000,
      }),
    )
    expect(h.value()).toMatchObject({ bet: 'lost' })
  })

  it('cancels during betting with a refund, and keeps the bet when cancel is too late', async () => {
    const h = await withPlacedBet()
    h.send({ type: 'CANCEL', key: key('cancel') })
    expect(h.last().input).toEqual({ type: 'cancelBet', v: 1, key: key('cancel'), betId: 'b1' })
    await h.ack({ type: 'ok', betId: 'b1', balance: 100_000 })
    expect(h.value()).toMatchObject({ bet: 'idle' })
    expect(h.ctx()).toMatchObject({ bet: null, balance: 100_000 })

    const late = await withPlacedBet()
    late.send({ type: 'CANCEL', key: key('cancel') })
    late.send(started('7'))
    await late.ack({ type: 'error', code: 'betting_closed' })
    expect(late.value()).toEqual({ round: 'running', bet: 'placed' })
    expect(late.ctx().lastError).toBe('betting_closed')
    late.send({ type: 'CANCEL', key: key('cancel') })
    expect(late.value()).toMatchObject({ bet: 'placed' })
  })

  it('cancels a queued bet, and a failed cancel leaves it queued', async () => {
    const h = start()
    h.send(snapshot('running'))
    h.send(BET(1000))
    await h.ack({ type: 'ok', betId: 'b2', roundId: '8', status: 'queued', balance: 49_000 })
    h.send({ type: 'CANCEL', key: key('cancel') })
    expect(h.value()).toMatchObject({ bet: 'cancelling' })
    await h.fail()
    expect(h.value()).toMatchObject({ bet: 'queued' })
  })

  it('after a result, bets again for the next round or clears when a round opens', async () => {
    const h = await withPlacedBet()
    h.send(started('7'))
    h.send(crashed('7', 120))
    expect(h.value()).toMatchObject({ bet: 'lost' })
    h.send(betting('8'))
    expect(h.value()).toEqual({ round: 'betting', bet: 'idle' })
    expect(h.ctx().bet).toBeNull()

    const again = await withPlacedBet(110)
    again.send(started('7'))
    again.send(crashed('7', 120))
    expect(again.value()).toMatchObject({ bet: 'cashedOut' })
    again.send({ ...BET(2000), key: key('next') })
    expect(again.value()).toMatchObject({ bet: 'placing' })
  })

  it.each([
    ['active', 'placed'],
    ['queued', 'queued'],
    ['cashedOut', 'cashedOut'],
    ['lost', 'lost'],
  ] as const)('restores an own %s bet from a snapshot as %s', (status, state) => {
    const h = start()
    h.send(
      snapshot('running', [
        { status, roundId: status === 'queued' ? '8' : '7', autoCashoutAt: 300 },
      ]),
    )
    expect(h.value()).toEqual({ round: 'running', bet: state })
    expect(h.ctx().bet).toMatchObject({ betId: 'own0', amount: 1000, autoCashoutAt: 300 })
  })

  it('clears a bet the snapshot no longer has, but not one still being placed', async () => {
    const h = await withPlacedBet()
    h.send(snapshot('betting'))
    expect(h.value()).toMatchObject({ bet: 'idle' })
    h.send(BET(1000))
    h.send(snapshot('betting'))
    expect(h.value()).toMatchObject({ bet: 'placing' })
  })
})
