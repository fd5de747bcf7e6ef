import { describe, expect, it } from 'vitest'
import type { Minor } from '../../engine/money'
import { diceGame } from '../../dice/game'
import { diceLogic } from '../../dice/protocol'
import { instantWireOf } from './protocol'
import {
  INSTANT_PROTOCOL_VERSION as v,
  liveWire,
  multiplierOf,
  payoutAt,
  type InstantMultiplier,
} from './protocol'

const hash = 'ab'.repeat(32)
const diceWire = instantWireOf(diceGame, diceLogic)

describe('instant wire', () => {
  it('parses a bet with its game params and refuses params of another shape', () => {
    const bet = {
      type: 'bet',
      v,
      key: 'key-00000001',
      amount: 100,
      currency: 'RUB',
      params: { target: 4950, direction: 'under' },
    }
    expect(diceWire.parseCommand('bet', bet)).toEqual(bet)
    expect(
      diceWire.parseCommand('bet', { ...bet, params: { target: 0, direction: 'under' } }),
    ).toBe(null)
    expect(diceWire.parseCommand('bet', { ...bet, params: { pocket: 3 } })).toBe(null)
    expect(diceWire.parseCommand('bet', { ...bet, key: undefined })).toBe(null)
  })

  it('parses the settled ack and the error ack, and nothing else', () => {
    const ok = {
      type: 'ok',
      v,
      betId: 'b1',
      outcome: { roll: 1234 },
      multiplier: 20000,
      payout: 200,
      balance: 1000,
      nonce: 7,
      serverSeedHash: hash,
    }
    expect(diceWire.parseAck('bet', ok)).toEqual(ok)
    expect(diceWire.parseAck('bet', { type: 'error', v, code: 'max_payout' })).toEqual({
      type: 'error',
      v,
      code: 'max_payout',
    })
    expect(() => diceWire.parseAck('bet', { ...ok, outcome: { roll: 10001 } })).toThrow()
    expect(() => diceWire.parseAck('bet', { type: 'error', v, code: 'nope' })).toThrow()
  })

  it('floors payouts to minor units and multipliers to ten-thousandths', () => {
    expect(payoutAt(333 as Minor, 10206 as InstantMultiplier)).toBe(339)
    expect(multiplierOf(150 as Minor, 200 as Minor)).toBe(13333)
    expect(multiplierOf(150 as Minor, 0 as Minor)).toBe(0)
  })

  it('carries live rows with a public name and refuses an empty batch', () => {
    const row = {
      betId: 'b1',
      game: 'dice',
      player: 'Lucky',
      amount: 100,
      currency: 'RUB',
      multiplier: 20000,
      payout: 200,
      time: 1,
      highRoller: false,
    }
    expect(liveWire.parseEvent('bets', { type: 'bets', v, rows: [row] })).toBeTruthy()
    expect(() => liveWire.parseEvent('bets', { type: 'bets', v, rows: [] })).toThrow()
    expect(() => liveWire.parseEvent('myBets', { type: 'bets', v, rows: [row] })).toThrow()
  })
})
