// @vitest-environment node
/**
 * The stream's connection against a real socket.io 4 server: one shared socket per service, the
 * clock estimate, recovery of short drops, resync after long ones, the tap and the state badge.
 */
import { describe, expect, it, vi } from 'vitest'
import { defineGameProtocol } from './defineGameProtocol'
import { testProtocol, until } from './streamTestServer'
import { testStreams } from './streamTestHarness'
import { createGameStream } from './createGameStream'
import { newIdempotencyKey } from './types'

const { serve, open } = testStreams()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('sharing', () => {
  it('gives two consumers of one game a single socket, closed when the last releases it', async () => {
    const server = await serve()
    const a = open(server)
    const b = open(server)
    await until(() => a.count('snapshot') === 1 && b.count('snapshot') === 1, 'both snapshots')
    expect(server.handshakes).toHaveLength(1)
    expect(server.sockets()).toHaveLength(1)

    a.stream.release()
    a.stream.release() // idempotent: must not release b's share
    server.emit('tick', { seq: 1 })
    await until(() => b.count('tick') === 1, 'tick on the remaining consumer')
    expect(a.count('tick')).toBe(0)
    expect(server.sockets()).toHaveLength(1)
    expect(() => a.stream.command('bet', { amount: 1 })).toThrow(
      '[GameStream] command "bet" after release',
    )

    // Released and reopened in one task (React StrictMode's double effect): the socket stays.
    b.stream.release()
    const remount = open(server)
    await sleep(100)
    expect(server.handshakes).toHaveLength(1)
    server.emit('tick', { seq: 2 })
    await until(() => remount.count('tick') === 1, 'tick on the remounted consumer')
    expect(b.count('tick')).toBe(1)

    remount.stream.release()
    await until(() => server.sockets().length === 0, 'socket closed')
    expect(remount.stream.getState().status).toBe('offline')

    // The registry forgot the closed socket: the next consumer opens a new one.
    const c = open(server)
    await until(() => c.count('snapshot') === 1, 'new socket')
    expect(server.handshakes).toHaveLength(2)
  })

  it('opens the socket only once `connectAfter` settles; a command sent before waits for it', async () => {
    const server = await serve()
    let paint!: () => void
    const painted = new Promise<void>((resolve) => (paint = resolve))
    const { stream, count } = open(server, { connectAfter: painted })
    const bet = stream.command('bet', { amount: 5 })
    await sleep(100)
    expect(server.handshakes).toHaveLength(0)
    expect(stream.getState().status).toBe('connecting')

    paint()
    await until(() => count('snapshot') === 1, 'snapshot after the paint')
    expect(server.handshakes).toHaveLength(1)
    expect((await bet).type).toBe('ok')
  })

  it('refuses to share a socket with a consumer speaking another protocol', async () => {
    const server = await serve()
    open(server)
    const other = defineGameProtocol({ ...testProtocol })
    expect(() =>
      createGameStream({
        url: server.url,
        namespace: '/game',
        protocol: other,
        getToken: () => null,
        clock: { now: () => Date.now() },
      }),
    ).toThrow('already open with another protocol')
  })
})

describe('server clock', () => {
  it('converges on a server clock skewed by +5000 ms and re-estimates periodically', async () => {
    const server = await serve({ skewMs: 5000 })
    const { stream } = open(server, { clockSync: { samples: 6, keep: 3, intervalMs: 100 } })
    expect(stream.clockOffsetMs()).toBeNull()
    await until(() => stream.clockOffsetMs() !== null, 'first estimate')
    const error = stream.serverNow() - (Date.now() + 5000)
    expect(Math.abs(error)).toBeLessThanOrEqual(4)
    expect(Math.abs((stream.clockOffsetMs() ?? 0) - 5000)).toBeLessThanOrEqual(4)
    expect(stream.getState().rttMs).toEqual(expect.any(Number))
    // The first batch is 6 pings; the 100 ms period adds more batches without being asked.
    await until(() => server.times >= 18, 'periodic estimates', 2000)
  })
})

describe('reconnection', () => {
  it('recovers a short drop: missed events in order, no resync, clock re-estimated', async () => {
    const server = await serve()
    const { stream, seen, count } = open(server)
    await until(() => count('snapshot') === 1 && stream.clockOffsetMs() !== null, 'ready')
    const pingsBefore = server.times
    const [socket] = server.sockets()
    if (socket === undefined) throw new Error('no server socket')
    // Emitted while the client is away: only state recovery can deliver them.
    socket.once('disconnect', () => {
      for (const seq of [1, 2, 3]) server.emit('tick', { seq })
    })
    socket.conn.close()
    await until(() => count('tick') === 3, 'missed ticks')
    expect(seen.events.slice(1)).toEqual(
      [1, 2, 3].map((seq) => ({ name: 'tick', payload: { seq } })),
    )
    expect(seen.reconnects).toEqual([{ type: 'recovered' }])
    expect(server.recoveries).toEqual([false, true])
    expect(server.resyncs).toBe(0)
    expect(count('snapshot')).toBe(1)
    expect(seen.statuses).toEqual(['connecting', 'online', 'reconnecting', 'online'])
    expect(seen.resyncing).toEqual([false])
    await until(() => server.times >= pingsBefore + 6, 'estimate after reconnect')
  })

  it('resyncs from a snapshot when the drop outlasts the recovery window', async () => {
    const server = await serve({ maxDisconnectionDuration: 50 })
    // Backoff 400 ms ± 50 %: the client is back well after the 50 ms window closed.
    const { stream, seen, count } = open(server, {
      reconnectionDelayMs: 400,
      reconnectionDelayMaxMs: 400,
    })
    await until(() => count('snapshot') === 1, 'first snapshot')
    server.sockets()[0]?.conn.close()
    await until(() => stream.getState().status === 'reconnecting', 'reconnecting')
    server.emit('tick', { seq: 1 }) // lost for good: the snapshot covers it
    await until(() => server.resyncs === 1 && count('snapshot') === 3, 'resync snapshot', 3000)
    expect(server.recoveries).toEqual([false, false])
    expect(seen.reconnects).toEqual([{ type: 'resync' }])
    expect(count('tick')).toBe(0)
    // The snapshot sent on connect ends the resync; the one answering `resync` changes nothing.
    expect(seen.resyncing).toEqual([false, true, false])
    expect(seen.events.at(-1)).toEqual({ name: 'snapshot', payload: { seq: 1 } })
    expect(seen.statuses).toEqual(['connecting', 'online', 'reconnecting', 'online'])
  })

  it('resyncs after a server restart', async () => {
    const server = await serve()
    const { stream, seen, count } = open(server, {
      reconnectionDelayMs: 100,
      reconnectionDelayMaxMs: 200,
    })
    await until(() => count('snapshot') === 1, 'first snapshot')
    await server.restart()
    await until(() => server.resyncs === 1 && count('snapshot') === 3, 'resync snapshot', 4000)
    expect(server.recoveries).toEqual([false, false])
    expect(seen.reconnects).toEqual([{ type: 'resync' }])
    expect(seen.statuses).toEqual(['connecting', 'online', 'reconnecting', 'online'])
    expect(stream.getState().resyncing).toBe(false)
  })

  it('is offline after the server kicks the socket (no automatic retry)', async () => {
    const server = await serve()
    const { stream, seen, count } = open(server)
    await until(() => count('snapshot') === 1, 'snapshot')
    server.sockets()[0]?.disconnect(true)
    await until(() => stream.getState().status === 'offline', 'offline')
    await sleep(200)
    expect(server.handshakes).toHaveLength(1)
    expect(seen.statuses).toEqual(['connecting', 'online', 'offline'])
  })
})

describe('tap', () => {
  it('records both directions in wire order, timed by the injected clock', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await serve()
    let tick = 1000
    const { stream, seen, count } = open(server, { clock: { now: () => (tick += 1) } })
    await until(() => count('snapshot') === 1, 'snapshot')
    const key = newIdempotencyKey()
    await stream.command('bet', { amount: 5 }, { idempotencyKey: key })
    server.emit('tick', { seq: 1 })
    server.emit('tick', { seq: 'x' })
    await until(() => seen.taps.filter((r) => r.name === 'tick').length === 2, 'ticks tapped')

    const game = seen.taps.filter((r) => r.name !== 'time')
    expect(game).toEqual([
      {
        kind: 'event',
        dir: 'in',
        at: expect.any(Number),
        name: 'snapshot',
        payload: { seq: 0 },
        dropped: false,
      },
      {
        kind: 'command',
        dir: 'out',
        at: expect.any(Number),
        name: 'bet',
        payload: { amount: 5, key },
        key,
        attempt: 1,
      },
      {
        kind: 'ack',
        dir: 'in',
        at: expect.any(Number),
        name: 'bet',
        payload: { type: 'ok', balance: 995 },
        key,
        outcome: 'ok',
      },
      {
        kind: 'event',
        dir: 'in',
        at: expect.any(Number),
        name: 'tick',
        payload: { seq: 1 },
        dropped: false,
      },
      {
        kind: 'event',
        dir: 'in',
        at: expect.any(Number),
        name: 'tick',
        payload: { seq: 'x' },
        dropped: true,
      },
    ])
    expect(logged).toHaveBeenCalledTimes(1)
    // Every record took its own reading of the injected clock, in order.
    const times = seen.taps.map((r) => r.at)
    expect(times.every((at, i) => i === 0 || at > (times[i - 1] ?? 0))).toBe(true)
    expect(times[0]).toBeGreaterThan(1000)
    // Clock pings are on the tap too, both ways.
    expect(seen.taps.some((r) => r.name === 'time' && r.kind === 'command')).toBe(true)
    expect(seen.taps.some((r) => r.name === 'time' && r.kind === 'ack')).toBe(true)
  })
})
