/**
 * replay: events per second through the crash round machine with no canvas, from a long generated
 * watcher recording (200 rounds, a live-bets batch every 200 ms). The baseline, measured in the
 * same run, parses the same events with the protocol's zod schemas and feeds no machine, so the
 * ratio is what the machine itself costs.
 */
import { createActor } from 'xstate'
import { chainFrom, crashPoint } from '../games/engine/fairness'
import { createRecorder, parseRecording, replay, type Recording } from '../games/engine/replay'
import { crashCommandActors, crashEventFromStream } from '../games/crash/stream'
import { crashRoundMachine } from '../games/crash/round.machine'
import { crashTimeMs } from '../games/crash/rules'
import { PROTOCOL_VERSION } from '../games/crash/protocol'
import type { Benchmark } from './harness'

const ROUNDS = 200
const BATCH_EVERY_MS = 200
const ROWS_PER_BATCH = 10
const BETTING_MS = 6000
const SALT = 'bench-salt'

/** A guest watching ROUNDS rounds: betting, batched bets, start, batched cash-outs, crash. */
function watcherRecording(): Recording {
  const chain = chainFrom('be'.repeat(32), ROUNDS + 1)
  let now = 0
  const recorder = createRecorder({
    service: 'crash',
    protocolVersion: PROTOCOL_VERSION,
    clock: { now: () => now },
    meta: { description: 'bench watcher', source: 'generated' },
  })
  const emit = (type: string, fields: Record<string, unknown>) =>
    recorder.received(type, { type, v: PROTOCOL_VERSION, ...fields })
  let betSeq = 0
  const row = (status: 'active' | 'cashedOut', cashoutAt: number | null) => ({
    betId: `b-${betSeq++}`,
    player: 'Player',
    amount: 1000,
    currency: 'RUB',
    status,
    cashoutAt,
    win: cashoutAt === null ? null : Math.floor((1000 * cashoutAt) / 100),
  })
  recorder.received('connect', { recovered: false, clockOffset: 0 })
  emit('snapshot', {
    serverTime: now,
    round: {
      id: '1',
      phase: 'betting',
      bettingEndsAt: now + BETTING_MS,
      startedAt: null,
      crashPoint: null,
      roundHash: null,
    },
    fairness: { salt: SALT, terminatingHash: chain[0] },
    bets: [],
    history: [],
    me: null,
  })
  for (let game = 1; game <= ROUNDS; game++) {
    const roundId = String(game)
    const hash = chain[game]!
    const crash = crashPoint(hash, SALT)
    if (game > 1) emit('betting', { roundId, bettingEndsAt: now + BETTING_MS })
    const bettingEnds = now + BETTING_MS
    for (now += BATCH_EVERY_MS; now < bettingEnds; now += BATCH_EVERY_MS) {
      emit('bets', {
        roundId,
        bets: Array.from({ length: ROWS_PER_BATCH }, () => row('active', null)),
      })
    }
    now = bettingEnds
    emit('started', { roundId, startedAt: now })
    const crashAt = now + crashTimeMs(crash)
    for (now += BATCH_EVERY_MS; now < crashAt; now += BATCH_EVERY_MS) {
      emit('bets', { roundId, bets: [row('cashedOut', 101)] })
    }
    now = crashAt
    emit('crashed', { roundId, crashPoint: crash, crashedAt: now, roundHash: hash, salt: SALT })
    now += 3000
  }
  return recorder.toRecording()
}

export const replayBench: Benchmark = {
  name: 'replay',
  description:
    'Events per second through the crash round machine (no canvas) from a 200-round recording, against parsing the same events alone.',
  async run() {
    const recording = parseRecording(watcherRecording())
    const incoming = recording.events.filter((e) => e.dir === 'in')

    // Warm-up so the JIT has seen both paths before they are timed.
    for (const e of incoming.slice(0, 2000)) crashEventFromStream(e.name, e.payload)

    const parseStart = performance.now()
    for (const e of incoming) crashEventFromStream(e.name, e.payload)
    const parseMs = performance.now() - parseStart

    const replayStart = performance.now()
    const result = await replay({
      recording,
      createActor: ({ clock, transport }) =>
        createActor(crashRoundMachine.provide({ actors: crashCommandActors(transport) }), {
          clock,
          input: { currency: null, balance: null },
        }),
      toEvent: (event) => crashEventFromStream(event.name, event.payload),
    })
    const replayMs = performance.now() - replayStart
    if (result.context.history.length === 0) throw new Error('[bench/replay] replay saw no rounds')

    const perSecond = (ms: number) => Math.round(incoming.length / (ms / 1000))
    const machineRate = perSecond(replayMs)
    const parseRate = perSecond(parseMs)
    return {
      name: 'replay',
      description: this.description,
      figures: [
        {
          name: 'machine replay',
          value: machineRate,
          unit: 'events/s',
          baseline: parseRate,
        },
        { name: 'parse only (baseline)', value: parseRate, unit: 'events/s' },
        {
          name: 'machine cost vs parse',
          value: Math.round((parseRate / machineRate) * 100) / 100,
          unit: 'x',
        },
      ],
      meta: { events: incoming.length, rounds: ROUNDS, replayMs, parseMs },
    }
  },
}
