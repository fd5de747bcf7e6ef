import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup } from 'xstate'
import {
  VirtualClock,
  createRecorder,
  parseRecording,
  replay,
  type CommandTransport,
  type Recording,
} from '.'

/** A tiny machine with every feature the replayer must drive: intents, commands, acks, delays. */
const pingMachine = setup({
  types: {
    context: {} as { notes: string[]; reply: unknown },
    events: {} as { type: 'PING'; n: number } | { type: 'NOTE'; text: string },
  },
  actors: {
    send: fromPromise<unknown, { n: number }>(async () => undefined),
  },
}).createMachine({
  context: { notes: [], reply: null },
  initial: 'idle',
  on: {
    NOTE: { actions: assign({ notes: ({ context, event }) => [...context.notes, event.text] }) },
  },
  states: {
    idle: { on: { PING: 'waiting' } },
    waiting: {
      invoke: {
        src: 'send',
        input: ({ event }) => ({ n: event.type === 'PING' ? event.n : 0 }),
        onDone: { target: 'answered', actions: assign({ reply: ({ event }) => event.output }) },
        onError: 'failed',
      },
      after: { 1000: 'timedOut' },
    },
    answered: { after: { 500: 'idle' } },
    timedOut: {},
    failed: {},
  },
})

const machineOn = (transport: CommandTransport) =>
  pingMachine.provide({
    actors: { send: fromPromise(({ input }) => transport.request('ping', { n: input.n })) },
  })

function record(steps: (r: ReturnType<typeof createRecorder>, tick: (ms: number) => void) => void) {
  let now = 1_700_000_000_000
  const recorder = createRecorder({
    service: 'test',
    protocolVersion: 1,
    clock: { now: () => now },
  })
  steps(recorder, (ms) => {
    now += ms
  })
  return parseRecording(recorder.toRecording())
}

const toEvent = (event: { name: string; payload: unknown }) =>
  event.name === 'note' ? { type: 'NOTE' as const, text: String(event.payload) } : null

const run = (recording: Recording) =>
  replay({
    recording,
    createActor: ({ clock, transport }) => createActor(machineOn(transport), { clock }),
    toEvent,
  })

describe('recorder', () => {
  it('stamps entries with injected-clock offsets and one global order', () => {
    const recording = record((r, tick) => {
      r.received('note', 'a')
      tick(250)
      r.input({ type: 'PING', n: 1 })
      r.sent('ping', { n: 1 })
      tick(40)
      r.acked('ping', 'pong')
    })
    expect(recording.startedAt).toBe(1_700_000_000_000)
    expect(recording.events.map((e) => [e.seq, e.at, e.dir, e.name])).toEqual([
      [0, 0, 'in', 'note'],
      [2, 250, 'out', 'ping'],
      [3, 290, 'in', 'ping:ack'],
    ])
    expect(recording.inputs).toEqual([{ seq: 1, at: 250, intent: { type: 'PING', n: 1 } }])
  })

  it('keeps a copy, not the caller object', () => {
    const payload = { n: 1 }
    const recorder = createRecorder({ service: 't', protocolVersion: 1, clock: { now: () => 0 } })
    recorder.sent('ping', payload)
    payload.n = 2
    expect(recorder.toRecording().events[0]?.payload).toEqual({ n: 1 })
  })
})

describe('parseRecording', () => {
  const valid = record((r) => r.received('note', 'x'))

  it('rejects another format or version', () => {
    expect(() => parseRecording({ ...valid, version: 2 })).toThrow(/\[Replay\] not a version 1/)
    expect(() => parseRecording({ ...valid, format: 'har' })).toThrow(/\[Replay\]/)
  })

  it('rejects entries whose time goes backwards or whose seq repeats', () => {
    const backwards = {
      ...valid,
      events: [
        { seq: 0, at: 10, dir: 'in', name: 'note', payload: 'a' },
        { seq: 1, at: 5, dir: 'in', name: 'note', payload: 'b' },
      ],
    }
    expect(() => parseRecording(backwards)).toThrow(/out of order at seq 1/)
    const repeated = { ...valid, inputs: [{ seq: 0, at: 0, intent: { type: 'PING', n: 1 } }] }
    expect(() => parseRecording(repeated)).toThrow(/out of order/)
  })
})

describe('replay', () => {
  it('drives intents, commands, acks and delays on the virtual clock', async () => {
    const recording = record((r, tick) => {
      r.received('note', 'hello')
      tick(100)
      r.input({ type: 'PING', n: 7 })
      r.sent('ping', { n: 7 })
      tick(300)
      r.acked('ping', 'pong')
      tick(600) // past the 500 ms `after` of answered
      r.received('note', 'bye')
    })
    const result = await run(recording)
    expect(result.timeline).toEqual([
      { at: 0, value: 'idle' },
      { at: 100, value: 'waiting' },
      { at: 400, value: 'answered' },
      { at: 900, value: 'idle' },
    ])
    expect(result.context).toEqual({ notes: ['hello', 'bye'], reply: 'pong' })
  })

  it('fires a delay that expires before the ack arrives', async () => {
    const recording = record((r, tick) => {
      r.input({ type: 'PING', n: 1 })
      r.sent('ping', { n: 1 })
      tick(1500)
      r.received('note', 'late')
    })
    const result = await run(recording)
    expect(result.states).toEqual(['idle', 'waiting', 'timedOut'])
    expect(result.timeline.at(-1)?.at).toBe(1000)
  })

  it('rejects the command on a recorded transport failure', async () => {
    const recording = record((r, tick) => {
      r.input({ type: 'PING', n: 1 })
      r.sent('ping', { n: 1 })
      tick(10)
      r.failed('ping', 'timeout')
    })
    expect((await run(recording)).states).toEqual(['idle', 'waiting', 'failed'])
  })

  it('throws when the machine sends a different command than was recorded', async () => {
    const recording = record((r) => {
      r.input({ type: 'PING', n: 1 })
      r.sent('ping', { n: 2 })
    })
    await expect(run(recording)).rejects.toThrow(
      /recorded command ping \{"n":2\}, machine sent ping \{"n":1\}/,
    )
  })

  it('throws when the machine sends a command the recording lacks', async () => {
    const recording = record((r) => r.input({ type: 'PING', n: 1 }))
    await expect(run(recording)).rejects.toThrow(/does not have: ping/)
  })

  it('delivers an input recorded for another machine of the session to sendTo, in order', async () => {
    const recording = record((r, tick) => {
      r.input({ type: 'START', n: 3 }, 'autobet')
      tick(5)
      r.input({ type: 'PING', n: 1 })
      r.sent('ping', { n: 1 })
    })
    expect(recording.inputs[0]).toEqual({
      seq: 0,
      at: 0,
      to: 'autobet',
      intent: { type: 'START', n: 3 },
    })
    const delivered: unknown[] = []
    const result = await replay({
      recording,
      createActor: ({ clock, transport }) => createActor(machineOn(transport), { clock }),
      toEvent,
      sendTo: (to, intent) => delivered.push({ to, intent }),
    })
    expect(delivered).toEqual([{ to: 'autobet', intent: { type: 'START', n: 3 } }])
    expect(result.states).toEqual(['idle', 'waiting'])
    await expect(run(recording)).rejects.toThrow(/an input to "autobet", no sendTo/)
  })

  it('throws on an ack to a command that was never sent', async () => {
    const recording = record((r) => r.acked('ping', 'pong'))
    await expect(run(recording)).rejects.toThrow(/never sent/)
  })
})

describe('VirtualClock', () => {
  it('fires timers at their own due time, in due order, including timers set while firing', () => {
    const clock = new VirtualClock()
    const fired: string[] = []
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200)
    clock.setTimeout(() => {
      fired.push(`a@${clock.now()}`)
      clock.setTimeout(() => fired.push(`c@${clock.now()}`), 50)
    }, 100)
    const cancelled = clock.setTimeout(() => fired.push('never'), 120)
    clock.clearTimeout(cancelled)
    clock.advanceTo(1000)
    expect(fired).toEqual(['a@100', 'c@150', 'b@200'])
    expect(clock.now()).toBe(1000)
  })

  it('refuses to go back in time', () => {
    const clock = new VirtualClock()
    clock.advanceBy(10)
    expect(() => clock.advanceTo(5)).toThrow('[VirtualClock] cannot go back from 10 to 5')
  })
})
