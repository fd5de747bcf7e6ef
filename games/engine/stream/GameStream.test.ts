// @vitest-environment node
/**
 * The stream against a real socket.io 4 server (connection state recovery on, random loopback
 * port): handshake, parsing, commands, sharing, clock, recovery, resync, tap and state.
 */
import { describe, expect, it, vi } from 'vitest'
import { BetAmount, until } from './streamTestServer'
import { testStreams } from './streamTestHarness'
import { newIdempotencyKey } from './types'

const { serve, open } = testStreams()

describe('handshake', () => {
  it('connects a guest without a token; the server snapshot arrives parsed', async () => {
    const server = await serve()
    const { stream, seen } = open(server)
    expect(stream.getState().status).toBe('connecting')
    await until(() => seen.events.length === 1, 'snapshot')
    expect(seen.events).toEqual([{ name: 'snapshot', payload: { seq: 0 } }])
    expect(server.handshakes).toEqual([{}])
    expect(stream.getState().status).toBe('online')
    // useSyncExternalStore needs the same object between changes.
    expect(stream.getState()).toBe(stream.getState())
  })

  it('carries the session token in the handshake auth', async () => {
    const server = await serve()
    const { stream } = open(server, { getToken: async () => 'tok-123' })
    await until(() => stream.getState().status === 'online', 'online')
    expect(server.handshakes).toEqual([{ token: 'tok-123' }])
  })

  it('goes offline and reports when the server refuses the token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await serve()
    const { stream, seen } = open(server, { getToken: () => 'bad' })
    await until(() => stream.getState().status === 'offline', 'offline')
    expect(seen.errors).toEqual([{ type: 'connect-rejected', message: 'unauthorized' }])
    expect(seen.statuses).toEqual(['connecting', 'offline'])
    expect(logged).toHaveBeenCalledWith('[GameStream] connection refused', seen.errors[0])
  })

  it('sends a new token after reconnect() and resyncs', async () => {
    const server = await serve()
    let token: string | null = null
    const { stream, seen, count } = open(server, { getToken: () => token })
    await until(() => count('snapshot') === 1, 'first snapshot')
    token = 'tok-after-login'
    stream.reconnect()
    await until(() => server.resyncs === 1, 'resync request')
    expect(server.handshakes).toEqual([{}, { token: 'tok-after-login' }])
    expect(seen.reconnects).toEqual([{ type: 'resync' }])
  })
})

describe('events', () => {
  it('delivers valid events and drops, reports and logs unknown or invalid ones', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await serve()
    const { stream, seen } = open(server)
    const ticks: number[] = []
    stream.on('tick', (payload) => ticks.push(payload.seq))
    await until(() => seen.events.length === 1, 'snapshot')
    server.emit('tick', { seq: -1 })
    server.emit('mystery', { seq: 1 })
    server.emit('tick', { seq: 1 })
    await until(() => seen.events.length === 2, 'valid tick')
    expect(seen.events[1]).toEqual({ name: 'tick', payload: { seq: 1 } })
    expect(ticks).toEqual([1])
    expect(seen.errors.map((e) => e.type)).toEqual(['invalid-event', 'unknown-event'])
    expect(seen.errors[1]).toEqual({ type: 'unknown-event', name: 'mystery', payload: { seq: 1 } })
    expect(logged.mock.calls.map((call) => call[0])).toEqual([
      '[GameStream] invalid event "tick" dropped',
      '[GameStream] unknown event "mystery" dropped',
    ])
  })

  it('refuses a listener for an event the protocol does not have', async () => {
    const server = await serve()
    const { stream } = open(server)
    expect(() => stream.on('nope' as 'tick', () => {})).toThrow('[GameStream] unknown event "nope"')
  })
})

describe('commands', () => {
  it('resolves ok, rejected, timeout and malformed acks as typed results', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await serve()
    const { stream, seen } = open(server)
    const key = newIdempotencyKey()
    expect(await stream.command('bet', { amount: 10 }, { idempotencyKey: key })).toEqual({
      type: 'ok',
      key,
      ack: { type: 'ok', balance: 990 },
    })
    expect(server.bets).toEqual([{ key, amount: 10 }])

    const refused = await stream.command('bet', { amount: BetAmount.refused })
    expect(refused).toMatchObject({ type: 'rejected', code: 'insufficient-balance' })

    const started = Date.now()
    const silent = await stream.command('bet', { amount: BetAmount.silent }, { timeoutMs: 200 })
    expect(silent.type).toBe('timeout')
    expect(Date.now() - started).toBeGreaterThanOrEqual(195)

    const malformed = await stream.command('bet', { amount: BetAmount.malformed })
    expect(malformed).toMatchObject({ type: 'rejected', code: 'malformed-ack' })
    expect(seen.errors.map((e) => e.type)).toEqual(['malformed-ack'])
  })

  it("request() sends the caller's key as built and hands back the ack unparsed, refusals too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await serve()
    const { stream, seen } = open(server)
    const key = newIdempotencyKey()
    expect(await stream.request('bet', { amount: 10, key })).toEqual({ type: 'ok', balance: 990 })
    expect(server.bets).toEqual([{ key, amount: 10 }])
    const refused = await stream.request('bet', { amount: BetAmount.refused, key })
    expect(refused).toMatchObject({ type: 'error', code: 'insufficient-balance' })
    // The caller parses what it gets; nothing was reported as a stream error.
    expect(await stream.request('bet', { amount: BetAmount.malformed, key })).not.toBeNull()
    expect(seen.errors).toEqual([])
    await expect(stream.request('bet', { amount: -1, key })).rejects.toThrow(
      '[GameStream] invalid request for command "bet"',
    )
  })

  it('throws on a request that breaks the schema or an unknown command (bugs)', async () => {
    const server = await serve()
    const { stream } = open(server)
    await expect(stream.command('bet', { amount: -1 })).rejects.toThrow(
      '[GameStream] invalid request for command "bet"',
    )
    expect(() => stream.command('fold' as 'bet', { amount: 1 })).toThrow(
      '[GameStream] unknown command "fold"',
    )
  })

  it('resends with the same key when the connection drops before the ack; applied once', async () => {
    const server = await serve()
    const { stream, seen } = open(server)
    await until(() => stream.getState().status === 'online', 'online')
    const key = newIdempotencyKey()
    const result = await stream.command(
      'bet',
      { amount: BetAmount.dropFirst },
      { idempotencyKey: key },
    )
    expect(result).toEqual({ type: 'ok', key, ack: { type: 'ok', balance: 993 } })
    expect(server.bets).toEqual([
      { key, amount: BetAmount.dropFirst },
      { key, amount: BetAmount.dropFirst },
    ])
    expect(server.recoveries).toEqual([false, true])
    const sends = seen.taps.filter((r) => r.kind === 'command' && r.name === 'bet')
    expect(sends.map((r) => (r.kind === 'command' ? [r.attempt, r.key] : null))).toEqual([
      [1, key],
      [2, key],
    ])
  })
})
