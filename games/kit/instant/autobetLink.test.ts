import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { z } from 'zod/mini'
import type { Minor } from '../../engine/money'
import { createInstantAutobetMachine, type InstantAutobetSettings } from './autobet.machine'
import { instantWire, type InstantBetAck, type InstantBetCommand } from './protocol'
import { createInstantRoundMachine } from './round.machine'
import type { CommandKey } from '../protocol'
import { instantRefusalOf, linkInstantAutobet } from './autobetLink'

// A stand-in game with a fake server: the bet wins when `wins` says so for its number.
const wire = instantWire('test', z.object({ pick: z.int() }), z.object({ value: z.int() }))
type Params = { pick: number }
type Outcome = { value: number }
const roundMachine = createInstantRoundMachine<Params, Outcome>({ id: 'test.round' })
const autobetMachine = createInstantAutobetMachine<Params>({
  id: 'test.autobet',
  paramsValid: (p) => p.pick > 0,
})

/** A server that pays double on the bets `wins` names (by 0-based order), or refuses with `code`. */
function server(options: { balance: number; wins?: number[]; refuseAt?: [number, string] }) {
  let balance = options.balance
  let nonce = 0
  const sent: InstantBetCommand<Params>[] = []
  const answer = async (bet: InstantBetCommand<Params>): Promise<InstantBetAck<Outcome>> => {
    const n = sent.push(bet) - 1
    if (options.refuseAt?.[0] === n) {
      return wire.parseAck('bet', { type: 'error', v: 1, code: options.refuseAt[1] }) as never
    }
    const payout = options.wins?.includes(n) ? bet.amount * 2 : 0
    balance += payout - bet.amount
    return wire.parseAck('bet', {
      type: 'ok',
      v: 1,
      betId: `b${n}`,
      outcome: { value: n },
      multiplier: payout === 0 ? 0 : 20_000,
      payout,
      balance,
      nonce: nonce++,
      serverSeedHash: 'ab'.repeat(32),
    }) as InstantBetAck<Outcome>
  }
  return { answer, sent, balance: () => balance }
}

function linked(fake: ReturnType<typeof server>, instant = true) {
  const round = createActor(
    roundMachine.provide({
      actors: { placeBet: fromPromise(({ input }) => fake.answer(input)) },
    }),
    { input: { currency: 'RUB', balance: fake.balance() as Minor, instant } },
  ).start()
  round.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
  const autobet = createActor(autobetMachine).start()
  let n = 0
  const unlink = linkInstantAutobet({
    round,
    autobet,
    newKey: () => `auto-${++n}` as CommandKey,
  })
  const run = (over: Partial<InstantAutobetSettings<Params>> = {}) =>
    autobet.send({
      type: 'START',
      settings: {
        bets: 5,
        amount: 100 as Minor,
        onWin: { kind: 'reset' },
        onLoss: { kind: 'increase', bp: 10_000 },
        stopOnProfit: null,
        stopOnLoss: null,
        params: { pick: 7 },
        limits: { min: 100 as Minor, max: 100_000 as Minor },
        ...over,
      },
    })
  const done = () => waitOff(autobet)
  return { round, autobet, run, done, unlink }
}

const waitOff = async (autobet: { getSnapshot(): { value: unknown } }) => {
  for (let turn = 0; turn < 1000 && autobet.getSnapshot().value !== 'off'; turn++) {
    await Promise.resolve()
  }
}

describe('instant auto-bet linked to the round machine', () => {
  it.each([true, false])(
    'plays the run through the round machine, with instant play %s',
    async (instant) => {
      const fake = server({ balance: 10_000, wins: [2] })
      const { round, autobet, run, done } = linked(fake, instant)
      run()
      await done()
      // Lost 100, lost 200, won on 400 (reset), lost 100, lost 200: the amounts the machine chose.
      expect(fake.sent.map((b) => [b.key, b.amount])).toEqual([
        ['auto-1', 100],
        ['auto-2', 200],
        ['auto-3', 400],
        ['auto-4', 100],
        ['auto-5', 200],
      ])
      expect(autobet.getSnapshot().context).toMatchObject({ played: 5, net: -200 })
      expect(autobet.getSnapshot().context.stopReason).toBe('bets')
      expect(round.getSnapshot().context.balance).toBe(10_000 - 200)
    },
  )

  it('stops on a refusal, counting what settled before it', async () => {
    const fake = server({ balance: 10_000, refuseAt: [1, 'balance_not_enough'] })
    const { autobet, run, done } = linked(fake)
    run()
    await done()
    expect(autobet.getSnapshot().context).toMatchObject({
      stopReason: 'balance',
      played: 1,
      net: -100,
    })
  })

  it('stops when the round machine loses its stream, and does not bet offline', async () => {
    const fake = server({ balance: 10_000 })
    const { round, autobet, run, done } = linked(fake)
    round.send({ type: 'DISCONNECTED' })
    run()
    await done()
    expect(autobet.getSnapshot().context).toMatchObject({ stopReason: 'offline', played: 0 })
    expect(fake.sent).toEqual([])

    round.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    run({ bets: null })
    round.send({ type: 'DISCONNECTED' })
    await done()
    // The bet in flight was answered and counted; nothing went after it.
    expect(autobet.getSnapshot().context).toMatchObject({ stopReason: 'offline', played: 1 })
    expect(fake.sent).toHaveLength(1)
  })

  it('names each refusal by what stops the run', () => {
    expect(instantRefusalOf('balance_not_enough')).toBe('balance')
    expect(instantRefusalOf('limits')).toBe('limit')
    expect(instantRefusalOf('max_payout')).toBe('limit')
    expect(instantRefusalOf('network')).toBe('offline')
    expect(instantRefusalOf('bad_request')).toBe('error')
  })
})
