/**
 * fairness: throughput of the provably-fair code that the server, the browser's proof dialog and
 * `npm run fair` share: crash points (one HMAC-SHA256 a game), instant-game floats (one HMAC block
 * per 8 floats) and hash-chain steps (one SHA-256 a step). The baseline, measured in the same run,
 * computes the same digests with node:crypto (native, server-only), so the ratio is what the
 * isomorphic pure-JS code costs; each subject also checks that both give the same bytes.
 */
import { createHash, createHmac } from 'node:crypto'
import { createCrashPointer, floatCursor, hexToBytes, walkChain } from '../games/engine/fairness'
import type { Benchmark, Figure } from './harness'

const GAMES = 100_000
const FLOATS = 800_000
const STEPS = 200_000
const SALT = 'bench-salt'
const SEED = 'be'.repeat(32)
/** Timed runs per subject; the fastest counts, as the one least disturbed by a shared machine. */
const RUNS = 3

/** Runs `work` once to warm the JIT, then times it RUNS times; returns [fastest ms, result]. */
function timed<T>(work: () => T): [number, T] {
  let result = work()
  let best = Infinity
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now()
    result = work()
    best = Math.min(best, performance.now() - start)
  }
  return [best, result]
}

function subject(
  name: string,
  count: number,
  unit: string,
  ours: () => unknown,
  native: () => unknown,
): Figure[] {
  const [oursMs, oursResult] = timed(ours)
  const [nativeMs, nativeResult] = timed(native)
  if (String(oursResult) !== String(nativeResult)) {
    throw new Error(`[bench/fairness] ${name}: the fairness code and node:crypto disagree`)
  }
  const rate = (ms: number) => Math.round(count / (ms / 1000))
  return [
    { name, value: rate(oursMs), unit, baseline: rate(nativeMs) },
    { name: `${name}: node:crypto (baseline)`, value: rate(nativeMs), unit },
  ]
}

export const fairnessBench: Benchmark = {
  name: 'fairness',
  description: `Crash points, instant-game floats and hash-chain steps per second through games/engine/fairness, against node:crypto computing the same digests.`,
  async run() {
    // The game hashes of a chain, as raw bytes: what the crash server scores.
    const games: Uint8Array[] = []
    walkChain(SEED, GAMES, (bytes) => void games.push(bytes.slice()))

    const crashPoints = subject(
      'crash points',
      GAMES,
      'points/s',
      () => {
        const pointer = createCrashPointer(SALT)
        let sum = 0
        for (const game of games) sum += pointer(game)
        return sum
      },
      () => {
        let sum = 0
        for (const game of games) {
          const h = createHmac('sha256', SALT).update(game).digest()
          const r = parseInt(h.toString('hex', 0, 7).slice(0, 13), 16)
          sum += Math.max(100, Math.floor(99 / (1 - r / 2 ** 52)))
        }
        return sum
      },
    )

    const floats = subject(
      'floats',
      FLOATS,
      'floats/s',
      () => {
        const cursor = floatCursor('server seed', 'client seed', 7)
        let sum = 0
        for (let i = 0; i < FLOATS; i++) sum += cursor.next()
        return sum
      },
      () => {
        let sum = 0
        for (let round = 0; round < FLOATS / 8; round++) {
          const block = createHmac('sha256', 'server seed')
            .update(`client seed:7:${round}`)
            .digest()
          for (let o = 0; o < 32; o += 4) sum += block.readUInt32BE(o) / 2 ** 32
        }
        return sum
      },
    )

    const chainSteps = subject(
      'chain steps',
      STEPS,
      'hashes/s',
      () => walkChain(SEED, STEPS),
      () => {
        let bytes: Uint8Array = hexToBytes(SEED)
        for (let i = 0; i < STEPS; i++) bytes = createHash('sha256').update(bytes).digest()
        return Buffer.from(bytes).toString('hex')
      },
    )

    return {
      name: 'fairness',
      description: this.description,
      figures: [...crashPoints, ...floats, ...chainSteps],
      meta: { games: GAMES, floats: FLOATS, steps: STEPS, runs: RUNS },
    }
  },
}
