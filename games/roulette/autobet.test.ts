import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { betLimits, type Minor } from '../engine/money'
import type { InstantAutobetSettings } from '../kit/instant/autobet.machine'
import { linkInstantAutobet } from '../kit/instant/autobetLink'
import type { InstantBetAck, InstantBetCommand } from '../kit/instant/protocol'
import type { CommandKey } from '../kit/protocol'
import { rouletteClient } from './client'
import { spinPayout, type RouletteBet, type RouletteOutcome, type RouletteParams } from './rules'

const {
  autobetMachine: rouletteAutobetMachine,
  roundMachine: rouletteRoundMachine,
  wire: rouletteWire,
} = rouletteClient
const LIMITS = betLimits('roulette', 'RUB')
const START = 1_000_000

/** A fake server: the spins land on `pockets` in turn and pay as the rules say. */
function server(pockets: number[]) {
  let balance = START
  const sent: InstantBetCommand<RouletteParams>[] = []
  const answer = async (
    bet: InstantBetCommand<RouletteParams>,
  ): Promise<InstantBetAck<RouletteOutcome>> => {
    const n = sent.push(bet) - 1
    const pocket = pockets[n]
    if (pocket === undefined) throw new Error(`no pocket scripted for spin ${n}`)
    const payout = spinPayout(bet.params, pocket)
    balance += payout - bet.amount
    return rouletteWire.parseAck('bet', {
      type: 'ok',
      v: 1,
      betId: `s${n}`,
      outcome: { pocket },
      multiplier: Math.round((payout / bet.amount) * 10_000),
      payout,
      balance,
      nonce: n,
      serverSeedHash: 'ab'.repeat(32),
    }) as InstantBetAck<RouletteOutcome>
  }
  return { answer, sent, balance: () => balance }
}

/** Roulette's auto-bet linked to its round machine over the fake server; runs one layout. */
async function run(
  pockets: number[],
  bets: RouletteBet[],
  over: Partial<InstantAutobetSettings<RouletteParams>>,
) {
  const fake = server(pockets)
  const round = createActor(
    rouletteRoundMachine.provide({
      actors: { placeBet: fromPromise(({ input }) => fake.answer(input)) },
    }),
    { input: { currency: 'RUB', balance: START as Minor, instant: true } },
  ).start()
  round.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
  const autobet = createActor(rouletteAutobetMachine).start()
  let n = 0
  linkInstantAutobet({ round, autobet, newKey: () => `auto-${++n}` as CommandKey })
  autobet.send({
    type: 'START',
    settings: {
      bets: null,
      amount: bets.reduce((sum, bet) => sum + bet.amount, 0) as Minor,
      onWin: { kind: 'reset' },
      onLoss: { kind: 'reset' },
      stopOnProfit: null,
      stopOnLoss: null,
      params: { bets },
      limits: LIMITS,
      ...over,
    },
  })
  for (let turn = 0; turn < 1000 && autobet.getSnapshot().value !== 'off'; turn++) {
    await Promise.resolve()
  }
  // Each spin as sent: its amount and the chips of its layout.
  const layouts = fake.sent.map((bet) => [bet.amount, bet.params.bets.map((b) => b.amount)])
  return { context: autobet.getSnapshot().context, layouts, fake, round }
}

const red = (amount: number): RouletteBet => ({ kind: 'red', amount: amount as Minor })
const straight = (pocket: number, amount: number): RouletteBet => ({
  kind: 'straight',
  numbers: [pocket],
  amount: amount as Minor,
})

describe('roulette auto-bet through the round machine', () => {
  it('scales every chip by +50 % after each loss and stops on the net loss', async () => {
    const { context, layouts, fake, round } = await run([1, 0, 0], [red(100), straight(17, 150)], {
      onLoss: { kind: 'increase', bp: 5_000 },
      stopOnLoss: 900 as Minor,
    })
    // Pocket 1 returns 200 of 250 (a loss), then two zeros; 337.5 rounds half up to 338.
    expect(layouts).toEqual([
      [250, [100, 150]],
      [375, [150, 225]],
      [563, [225, 338]],
    ])
    expect(fake.sent.map((bet) => bet.params.bets.map((b) => b.kind))).toEqual([
      ['red', 'straight'],
      ['red', 'straight'],
      ['red', 'straight'],
    ])
    expect(context).toMatchObject({ stopReason: 'loss', played: 3, net: -50 - 375 - 563 })
    expect(round.getSnapshot().context.balance).toBe(START - 988)
  })

  it('doubles the layout on a loss, goes back to it on a win, and stops on the net profit', async () => {
    const { context, layouts } = await run([0, 17, 17], [red(100), straight(17, 100)], {
      onLoss: { kind: 'increase', bp: 10_000 },
      stopOnProfit: 8_000 as Minor,
    })
    expect(layouts).toEqual([
      [200, [100, 100]],
      [400, [200, 200]], // 17 pays 36 × 200 = 7200
      [200, [100, 100]], // reset after the win; 17 pays 3600
    ])
    expect(context).toMatchObject({ stopReason: 'profit', played: 3, net: -200 + 6_800 + 3_400 })
  })

  it('stops on the limits when the layout cannot be scaled within the maximum bet', async () => {
    const half = LIMITS.max / 2
    const { context, layouts } = await run([0], [red(half - 100), straight(5, half - 100)], {
      onLoss: { kind: 'increase', bp: 10_000 },
    })
    expect(layouts).toHaveLength(1)
    expect(context).toMatchObject({ stopReason: 'limit', played: 1 })
  })

  it('refuses a run whose amount is not its layout', () => {
    const autobet = createActor(rouletteAutobetMachine).start()
    autobet.send({
      type: 'START',
      settings: {
        bets: 1,
        amount: 300 as Minor,
        onWin: { kind: 'reset' },
        onLoss: { kind: 'reset' },
        stopOnProfit: null,
        stopOnLoss: null,
        params: { bets: [red(100)] },
        limits: LIMITS,
      },
    })
    expect(autobet.getSnapshot().value).toBe('off')
  })
})
