/**
 * compress: where compressing a JSON answer per request pays. For answers shaped like the API's
 * bet history (GET /profile/history, parsed by its contract schema) from 128 bytes to 64 KB: the
 * bytes brotli (at the server's quality) and gzip save, the time brotli takes, and from those the
 * link speed below which the compressed answer reaches the player sooner. The server's
 * threshold (server/http/compression.ts) should sit where that speed passes 100 Mbit/s: above
 * it, compression wins on every phone connection; below it, it saves a few dozen bytes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { betHistoryResponse, type BetHistoryResponse } from '../contract'
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY } from '../server/http/compression'
import type { Benchmark, Figure } from './harness'

const SIZES = [128, 256, 512, 1024, 2048, 4096, 16384, 65536]
/** The link speed compression must beat to be worth its time on every phone connection. */
const FAST_LINK_MBIT = 100
/** Compressions per timing; the fastest of RUNS timings counts (least disturbed by a shared machine). */
const REPEAT = 2000
const RUNS = 5

/** A bet history answer of at most `bytes` bytes (at least one row), with varied rows. */
function historyAnswer(bytes: number): Buffer {
  const answer: BetHistoryResponse = { kind: 'bets', data: [], next_cursor: null }
  let fitting = ''
  for (let i = 0; ; i++) {
    const won = i % 3 !== 0
    answer.data.push({
      game: 'crash',
      id: `b-${(i * 2654435761) % 4294967296}`,
      round_id: String(90000 + i * 7),
      amount: ((i * 7919) % 100000) as BetHistoryResponse['data'][number]['amount'],
      currency: 'RUB',
      multiplier: won ? 100 + ((i * 131) % 900) : null,
      payout: (won ? (i * 7919) % 250000 : 0) as BetHistoryResponse['data'][number]['amount'],
      status: won ? 'won' : 'lost',
      created_at: new Date(Date.UTC(2026, 10, 1) + i * 61_234).toISOString(),
    })
    const text = JSON.stringify(betHistoryResponse.parse(answer))
    if (text.length > bytes) return Buffer.from(fitting || text)
    fitting = text
  }
}

/** Fastest time of one compression, in microseconds. */
function microseconds(work: () => unknown): number {
  let best = Infinity
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now()
    for (let i = 0; i < REPEAT; i++) work()
    best = Math.min(best, ((performance.now() - start) * 1000) / REPEAT)
  }
  return best
}

const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } })

export const compressBench: Benchmark = {
  name: 'compress',
  description: `JSON answers shaped like the bet history, 128 B to 64 KB: bytes saved by brotli (quality ${DYNAMIC_BROTLI_QUALITY}) and gzip, brotli's time, and the link speed below which compressing reaches the player sooner; the server compresses from the smallest size where that speed passes ${FAST_LINK_MBIT} Mbit/s.`,
  async run() {
    const figures: Figure[] = []
    let breakEven: number | null = null
    for (const size of SIZES) {
      const body = historyAnswer(size)
      const br = brotli(body).length
      const gz = gzipSync(body).length
      const us = microseconds(() => brotli(body))
      // Below this speed the bytes saved take longer to send than compressing them took.
      const mbit = ((body.length - br) * 8) / us
      if (breakEven === null && mbit >= FAST_LINK_MBIT) breakEven = body.length
      const at = `${body.length} B answer`
      figures.push(
        { name: `${at}: brotli`, value: br, unit: 'B', baseline: body.length },
        { name: `${at}: gzip`, value: gz, unit: 'B', baseline: body.length },
        { name: `${at}: brotli time`, value: Math.round(us * 10) / 10, unit: 'µs' },
        { name: `${at}: pays below`, value: Math.round(mbit), unit: 'Mbit/s' },
      )
    }
    figures.push({
      name: `smallest answer where compressing pays below ${FAST_LINK_MBIT} Mbit/s`,
      value: breakEven ?? Infinity,
      unit: 'B',
      baseline: COMPRESS_THRESHOLD_BYTES,
    })
    return {
      name: 'compress',
      description: this.description,
      figures,
      meta: { thresholdInServer: COMPRESS_THRESHOLD_BYTES },
    }
  },
}
