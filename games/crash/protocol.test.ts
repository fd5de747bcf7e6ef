import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, crashWire, parseAck, parseCommand, parseServerEvent } from './protocol'

const hash = 'ab'.repeat(32)
const snapshot = {
  type: 'snapshot',
  v: 1,
  serverTime: 1_700_000_000_000,
  round: {
    id: '42',
    phase: 'crashed',
    bettingEndsAt: null,
    startedAt: 1_699_999_990_000,
    crashPoint: 153,
    roundHash: hash,
  },
  fairness: { salt: 'salt', terminatingHash: hash },
  bets: [
    {
      betId: 'b1',
      player: 'ann',
      amount: 100,
      currency: 'RUB',
      status: 'lost',
      cashoutAt: null,
      win: null,
    },
  ],
  history: [{ roundId: '41', crashPoint: 100, roundHash: hash, salt: 'salt' }],
  me: null,
}

describe('server events', () => {
  it('parses each event under its own name', () => {
    expect(parseServerEvent('snapshot', snapshot).type).toBe('snapshot')
    expect(
      parseServerEvent('betting', { type: 'betting', v: 1, roundId: '43', bettingEndsAt: 5 }),
    ).toEqual({
      type: 'betting',
      v: 1,
      roundId: '43',
      bettingEndsAt: 5,
    })
    const crashed = {
      type: 'crashed',
      v: 1,
      roundId: '43',
      crashPoint: 100,
      crashedAt: 9,
      roundHash: hash,
      salt: 's',
    }
    expect(parseServerEvent('crashed', crashed).type).toBe('crashed')
  })

  it('has no per-frame tick: the server streams state changes only', () => {
    expect(crashWire.eventNames).not.toContain('tick')
    expect(() => parseServerEvent('tick', { type: 'tick', v: 1, multiplier: 150 })).toThrow(
      '[crash/protocol] unknown event "tick"',
    )
  })

  it('rejects another protocol version, a mismatched name and malformed fields', () => {
    expect(() => parseServerEvent('snapshot', { ...snapshot, v: 2 })).toThrow(
      /malformed "snapshot"/,
    )
    expect(() => parseServerEvent('betting', snapshot)).toThrow(/carries type "snapshot"/)
    const badHash = { ...snapshot, round: { ...snapshot.round, roundHash: 'xyz' } }
    expect(() => parseServerEvent('snapshot', badHash)).toThrow(/malformed/)
    const floatMoney = { ...snapshot, bets: [{ ...snapshot.bets[0], amount: 1.5 }] }
    expect(() => parseServerEvent('snapshot', floatMoney)).toThrow(/malformed/)
    const below1x = {
      type: 'crashed',
      v: 1,
      roundId: '1',
      crashPoint: 99,
      crashedAt: 1,
      roundHash: hash,
      salt: 's',
    }
    expect(() => parseServerEvent('crashed', below1x)).toThrow(/malformed/)
  })

  it('never reveals the crash point or hash of a round that has not crashed', () => {
    const leaking = { ...snapshot, round: { ...snapshot.round, phase: 'running' } }
    expect(() => parseServerEvent('snapshot', leaking)).toThrow(/reveals its crash point/)
    const hidden = {
      ...snapshot,
      round: { ...snapshot.round, phase: 'running', crashPoint: null, roundHash: null },
    }
    expect(parseServerEvent('snapshot', hidden).type).toBe('snapshot')
    const noEnd = { ...hidden, round: { ...hidden.round, phase: 'betting', bettingEndsAt: null } }
    expect(() => parseServerEvent('snapshot', noEnd)).toThrow(/malformed/)
  })

  it('sends bets in batches, never one empty', () => {
    expect(() => parseServerEvent('bets', { type: 'bets', v: 1, roundId: '1', bets: [] })).toThrow(
      /malformed/,
    )
  })

  it('keeps at most 20 history rounds in a snapshot', () => {
    const history = Array.from({ length: 21 }, (_, i) => ({
      ...snapshot.history[0],
      roundId: String(i + 1),
    }))
    expect(() => parseServerEvent('snapshot', { ...snapshot, history })).toThrow(/malformed/)
  })
})

describe('commands and acks', () => {
  const bet = {
    type: 'bet',
    v: PROTOCOL_VERSION,
    key: 'key-0001',
    amount: 100,
    currency: 'RUB',
    autoCashoutAt: 200,
  }

  it('parses commands only under their own name and with an idempotency key', () => {
    expect(parseCommand('bet', bet)).toEqual(bet)
    expect(parseCommand('cashOut', bet)).toBeNull()
    expect(parseCommand('bet', { ...bet, key: undefined })).toBeNull()
    expect(parseCommand('bet', { ...bet, amount: 0 })).toBeNull()
    expect(parseCommand('bet', { ...bet, currency: 'GBP' })).toBeNull()
    expect(parseCommand('sync', { type: 'sync', v: 1 })).toEqual({ type: 'sync', v: 1 })
  })

  it('parses ok and typed error acks', () => {
    const ok = { type: 'ok', v: 1, betId: 'b1', roundId: '43', status: 'queued', balance: 900 }
    expect(parseAck('bet', ok)).toEqual(ok)
    expect(parseAck('bet', { type: 'error', v: 1, code: 'balance_not_enough' })).toEqual({
      type: 'error',
      v: 1,
      code: 'balance_not_enough',
    })
    expect(() => parseAck('bet', { type: 'error', v: 1, code: 'oops' })).toThrow(
      /malformed ack to "bet"/,
    )
    expect(() => parseAck('cashOut', { ...ok, status: undefined })).toThrow(/malformed ack/)
    expect(
      parseAck('cashOut', {
        type: 'ok',
        v: 1,
        betId: 'b1',
        cashoutAt: 150,
        win: 150,
        balance: 1050,
      }).type,
    ).toBe('ok')
  })
})

describe('schema maps for the stream client', () => {
  it('name every server event and command exactly once, under its type', () => {
    expect(Object.keys(crashWire.events).sort()).toEqual([...crashWire.eventNames].sort())
    for (const [name, schema] of Object.entries(crashWire.events)) {
      expect(schema.shape.type.def.values).toEqual([name])
    }
    for (const [name, { request }] of Object.entries(crashWire.commands)) {
      expect(request.shape.type.def.values).toEqual([name])
    }
  })
})
