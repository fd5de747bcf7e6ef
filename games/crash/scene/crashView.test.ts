import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { parseServerEvent, type CommandKey, type ServerEvent } from '../protocol'
import { crashRoundMachine } from '../round.machine'
import { msToReach, multiplierAt, type Multiplier } from '../rules'
import { crashFrame, formatMultiplier, toCrashView, type CrashSceneLabels } from './crashView'
import { curvePoints, niceStep, plotScale, starField } from './geometry'

const HASH = 'ab'.repeat(32)
const T0 = 1_700_000_000_000
const OFFSET = 1_000_000 // server clock minus client clock
const labels: CrashSceneLabels = {
  connecting: 'c',
  startsIn: 's {{seconds}}',
  crashed: 'x',
  won: 'w',
  lost: 'l',
}
const server = (payload: Record<string, unknown>): ServerEvent =>
  parseServerEvent(String(payload.type), { v: 1, ...payload })
const snapshotEvent = (me: boolean) =>
  server({
    type: 'snapshot',
    serverTime: T0,
    round: {
      id: '5',
      phase: 'betting',
      bettingEndsAt: T0 + 6000,
      startedAt: null,
      crashPoint: null,
      roundHash: null,
    },
    fairness: { salt: 'salt', terminatingHash: HASH },
    bets: [],
    history: [],
    me: me ? { balance: 100_000, currency: 'RUB', bets: [] } : null,
  })

/** A round machine whose bet and cash-out are answered at once, as the server would. */
function round() {
  const actor = createActor(
    crashRoundMachine.provide({
      actors: {
        placeBet: fromPromise(async () => ({
          type: 'ok' as const,
          v: 1 as const,
          betId: 'b1',
          roundId: '5',
          status: 'placed' as const,
          balance: 99_000,
        })),
        cashOut: fromPromise(async () => ({
          type: 'ok' as const,
          v: 1 as const,
          betId: 'b1',
          cashoutAt: 150,
          win: 1500,
          balance: 100_500,
        })),
      } as never,
    }),
    { input: { currency: 'RUB', balance: null } },
  ).start()
  actor.send({ type: 'CONNECTED', recovered: false, clockOffset: OFFSET })
  actor.send(snapshotEvent(true))
  return actor
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('toCrashView', () => {
  it('is connecting before the first snapshot', () => {
    const actor = createActor(crashRoundMachine, { input: { currency: null, balance: null } })
    const view = toCrashView(actor.start().getSnapshot(), labels)
    expect(view).toMatchObject({ phase: 'connecting', roundId: null, bet: 'none' })
  })

  it('puts server times on the client clock and follows the bet through a won round', async () => {
    const actor = round()
    let view = toCrashView(actor.getSnapshot(), labels)
    expect(view).toMatchObject({ phase: 'betting', roundId: '5', bet: 'none' })
    expect(view.bettingEndsAt).toBe(T0 + 6000 - OFFSET)

    actor.send({
      type: 'BET',
      key: 'key-00000001' as CommandKey,
      amount: 1000 as never,
      autoCashoutAt: null,
    })
    expect(toCrashView(actor.getSnapshot(), labels).bet).toBe('pending')
    await tick()
    expect(toCrashView(actor.getSnapshot(), labels).bet).toBe('active')

    actor.send(server({ type: 'started', roundId: '5', startedAt: T0 + 6000 }))
    view = toCrashView(actor.getSnapshot(), labels)
    expect(view).toMatchObject({
      phase: 'running',
      startedAt: T0 + 6000 - OFFSET,
      bettingEndsAt: null,
    })

    actor.send({ type: 'CASH_OUT', key: 'key-00000002' as CommandKey })
    await tick()
    view = toCrashView(actor.getSnapshot(), labels)
    expect(view).toMatchObject({ bet: 'cashedOut', cashoutAt: 150 })

    actor.send(
      server({
        type: 'crashed',
        roundId: '5',
        crashPoint: 321,
        crashedAt: T0 + 30_000,
        roundHash: HASH,
        salt: 's',
      }),
    )
    view = toCrashView(actor.getSnapshot(), labels)
    expect(view).toMatchObject({
      phase: 'crashed',
      crashPoint: 321,
      bet: 'cashedOut',
      cashoutAt: 150,
    })
  })

  it('shows an auto cash-out that won at the crash as a win at its target', async () => {
    const actor = round()
    actor.send({
      type: 'BET',
      key: 'key-00000003' as CommandKey,
      amount: 1000 as never,
      autoCashoutAt: 200 as Multiplier,
    })
    await tick()
    actor.send(server({ type: 'started', roundId: '5', startedAt: T0 + 6000 }))
    // The crash arrives before any feed row: the rules settle the auto cash-out (200 <= 200).
    actor.send(
      server({
        type: 'crashed',
        roundId: '5',
        crashPoint: 200,
        crashedAt: T0 + 20_000,
        roundHash: HASH,
        salt: 's',
      }),
    )
    expect(toCrashView(actor.getSnapshot(), labels)).toMatchObject({
      bet: 'cashedOut',
      cashoutAt: 200,
    })
  })

  it('shows a lost bet, and no bet for a guest', async () => {
    const actor = round()
    actor.send({
      type: 'BET',
      key: 'key-00000004' as CommandKey,
      amount: 1000 as never,
      autoCashoutAt: null,
    })
    await tick()
    actor.send(server({ type: 'started', roundId: '5', startedAt: T0 + 6000 }))
    actor.send(
      server({
        type: 'crashed',
        roundId: '5',
        crashPoint: 100,
        crashedAt: T0 + 6000,
        roundHash: HASH,
        salt: 's',
      }),
    )
    expect(toCrashView(actor.getSnapshot(), labels).bet).toBe('lost')

    const guest = createActor(crashRoundMachine, {
      input: { currency: null, balance: null },
    }).start()
    guest.send(snapshotEvent(false))
    expect(toCrashView(guest.getSnapshot(), labels)).toMatchObject({
      phase: 'betting',
      bet: 'none',
    })
  })
})

describe('crashFrame', () => {
  const base = toCrashView(
    createActor(crashRoundMachine, { input: { currency: null, balance: null } })
      .start()
      .getSnapshot(),
    labels,
  )

  it('counts the betting window down and never below zero', () => {
    const view = { ...base, phase: 'betting' as const, bettingEndsAt: 10_000 }
    expect(crashFrame(view, 7_500)).toMatchObject({
      multiplier: 100,
      countdownMs: 2_500,
      elapsedMs: 0,
    })
    expect(crashFrame(view, 12_000).countdownMs).toBe(0)
  })

  it('climbs the curve from the local start while running', () => {
    const view = { ...base, phase: 'running' as const, startedAt: 1_000 }
    expect(crashFrame(view, 1_000).multiplier).toBe(100)
    expect(crashFrame(view, 1_000 + 11_553)).toMatchObject({
      multiplier: multiplierAt(11_553),
      elapsedMs: 11_553,
    })
    expect(crashFrame(view, 1_000 + 11_553).multiplier).toBeGreaterThanOrEqual(200)
  })

  it('stops exactly at the crash point and places the cash-out on the curve', () => {
    const view = {
      ...base,
      phase: 'crashed' as const,
      startedAt: 0,
      crashPoint: 321,
      cashoutAt: 150,
    }
    const frame = crashFrame(view, 999_999)
    expect(frame).toMatchObject({
      multiplier: 321,
      elapsedMs: msToReach(321),
      cashoutMs: msToReach(150),
    })
    expect(frame.cashoutMs).toBeLessThan(frame.elapsedMs)
  })
})

describe('scene geometry', () => {
  const area = { left: 10, top: 10, right: 410, bottom: 210 }

  it('keeps the head inside the plot with headroom as the axes zoom out', () => {
    for (const elapsed of [0, 5_000, 30_000, 120_000]) {
      const m = multiplierAt(elapsed)
      const scale = plotScale(area, elapsed, m)
      expect(scale.x(elapsed)).toBeLessThanOrEqual(area.right)
      expect(scale.x(elapsed)).toBeGreaterThanOrEqual(area.left)
      expect(scale.y(m)).toBeGreaterThanOrEqual(area.top)
      expect(scale.y(m)).toBeLessThanOrEqual(area.bottom)
      expect(scale.y(100)).toBe(area.bottom)
    }
  })

  it('draws the curve from the origin to the head the text shows', () => {
    const scale = plotScale(area, 20_000, multiplierAt(20_000))
    const points = curvePoints(scale, 20_000, 8)
    expect(points).toHaveLength(18)
    expect([points[0], points[1]]).toEqual([area.left, area.bottom])
    expect([points[16], points[17]]).toEqual([scale.x(20_000), scale.y(multiplierAt(20_000))])
    // Rising: every y is above (smaller than) the one before.
    for (let i = 3; i < points.length; i += 2)
      expect(points[i]).toBeLessThan(points[i - 2] as number)
  })

  it('picks round grid steps and the same stars every time', () => {
    expect([niceStep(1_600), niceStep(2_600), niceStep(6_000), niceStep(0.4)]).toEqual([
      2_000, 2_000, 5_000, 0.5,
    ])
    expect(starField(5, 7)).toEqual(starField(5, 7))
    for (const star of starField(50, 7)) {
      expect(star.x).toBeGreaterThanOrEqual(0)
      expect(star.x).toBeLessThan(1)
    }
  })

  it('formats multipliers with two places', () => {
    expect([formatMultiplier(100), formatMultiplier(153), formatMultiplier(1005)]).toEqual([
      '1.00x',
      '1.53x',
      '10.05x',
    ])
  })

  it("formats multipliers with the player's decimal sign", () => {
    expect(formatMultiplier(153, ',')).toBe('1,53x')
  })
})
