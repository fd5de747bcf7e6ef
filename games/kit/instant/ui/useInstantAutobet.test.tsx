import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Minor } from '../../../engine/money'
import { createInstantAutobetMachine } from '../autobet.machine'
import type { InstantBetAck } from '../protocol'
import { createInstantRoundMachine } from '../round.machine'
import { useInstantAutobet } from './useInstantAutobet'

type Params = { pick: number }
const autobetMachine = createInstantAutobetMachine<Params>({
  id: 'test.autobet',
  paramsValid: () => true,
})

describe('useInstantAutobet', () => {
  it('stops the run when the tab is hidden, once the bet in flight is answered', async () => {
    let answer: (ack: InstantBetAck<{ value: number }>) => void = () => {}
    const round = createActor(
      createInstantRoundMachine<Params, { value: number }>({ id: 'test.round' }).provide({
        actors: {
          placeBet: fromPromise(
            () => new Promise<InstantBetAck<{ value: number }>>((done) => (answer = done)),
          ),
        },
      }),
      { input: { currency: 'RUB', balance: 10_000 as Minor, instant: true } },
    ).start()
    round.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    const { result } = renderHook(() => useInstantAutobet(round, autobetMachine))
    act(() =>
      result.current.onStart({
        bets: null,
        amount: 100 as Minor,
        onWin: { kind: 'reset' },
        onLoss: { kind: 'reset' },
        stopOnProfit: null,
        stopOnLoss: null,
        params: { pick: 1 },
        limits: { min: 100 as Minor, max: 1000 as Minor },
      }),
    )
    expect(round.getSnapshot().value).toBe('betting')
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(result.current.status.running).toBe(true)
    await act(async () => {
      answer({
        type: 'ok',
        v: 1,
        betId: 'b1' as never,
        outcome: { value: 1 },
        multiplier: 0 as never,
        payout: 0 as Minor,
        balance: 9_900 as Minor,
        nonce: 0,
        serverSeedHash: 'ab'.repeat(32),
      })
      await Promise.resolve()
    })
    expect(result.current.status).toMatchObject({
      running: false,
      played: 1,
      net: -100,
      stopReason: 'hidden',
    })
    expect(round.getSnapshot().value).toBe('settled')
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  })
})
