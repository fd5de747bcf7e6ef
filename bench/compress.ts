/**
 * compress: where compressing a JSON answer per request pays. For answers shaped like the API's
 * bet history (GET /profile/history, checked by its contract schema), 200 bytes to 50 KB: the
 * bytes brotli (at the server's quality) and gzip save, the time brotli takes, and from those the
 * link speed below which the compressed answer reaches the player sooner. The server's
 * threshold (server/http/compression.ts) should sit where that speed passes 100 Mbit/s: above
 * it, compression wins on every phone connection; below it, it saves a few dozen bytes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { betHistoryResponse, type BetHistoryResponse } from '../contract'
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY } from '../server/http/compression'
import type { Benchmark, Figure } from './harness'

/** Rows per answer: from one bet (about 200 bytes) to a long page of history (about 50 KB). */
const ROWS = [1, 2, 3, 5, 8, 12, 20, 40, 80, 250]
/** The link speed compression must beat to be worth its time on every phone connection. */
const FAST_LINK_MBIT = 100
/** Compressions per timing; the fastest of RUNS timings counts (least disturbed by a shared machine). */
const REPEAT = 500
const RUNS = 20

/** A bet history answer of `rows` varied rows, checked against its contract schema. */
function historyAnswer(rows: number): Buffer {
  type Amount = BetHistoryResponse['data'][number]['amount']
  const answer: BetHistoryResponse = { kind: 'bets', data: [], next_cursor: null }
  for (let i = 0; i < rows; i++) {
    const won = i % 3 !== 0
    answer.data.push({
      game: 'crash',
      id: `b-${(i * 2654435761) % 4294967296}`,
      round_id: String(90000 + i * 7),
      amount: ((i * 7919) % 100000) as Amount,
      currency: 'RUB',
      multiplier: won ? 100 + ((i * 131) % 900) : null,
      payout: (won ? (i * 7919) % 250000 : 0) as Amount,
      status: won ? 'won' : 'lost',
      created_at: new Date(Date.UTC(2026, 10, 1) + i * 61_234).toISOString(),
    })
  }
  return Buffer.from(JSON.stringify(betHistoryResponse.parse(answer)))
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
  description: `JSON answers shaped like the bet history, 200 B to 50 KB: bytes saved by brotli (quality ${DYNAMIC_BROTLI_QUALITY}) and gzip, brotli's time, and the link speed below which compressing reaches the player sooner; the server compresses from the smallest size where that speed passes ${FAST_LINK_MBIT} Mbit/s.`,
  async run() {
    const figures: Figure[] = []
    const pays: { bytes: number; mbit: number }[] = []
    for (const rows of ROWS) {
      const body = historyAnswer(rows)
      const br = brotli(body).length
      const gz = gzipSync(body).length
      const us = microseconds(() => brotli(body))
      // Below this speed the bytes saved take longer to send than compressing them took.
      const mbit = ((body.length - br) * 8) / us
      pays.push({ bytes: body.length, mbit })
      const at = `${body.length} B answer`
      figures.push(
        { name: `${at}: brotli`, value: br, unit: 'B', baseline: body.length },
        { name: `${at}: gzip`, value: gz, unit: 'B', baseline: body.length },
        { name: `${at}: brotli time`, value: Math.round(us * 10) / 10, unit: 'µs' },
        { name: `${at}: pays below`, value: Math.round(mbit), unit: 'Mbit/s' },
      )
    }
    // The smallest size from which every larger answer pays too: one lucky timing moves nothing.
    let breakEven = Infinity
    for (let i = pays.length - 1; i >= 0 && pays[i]!.mbit >= FAST_LINK_MBIT; i--) {
      breakEven = pays[i]!.bytes
    }
    figures.push({
      name: `smallest answer from which compressing pays below ${FAST_LINK_MBIT} Mbit/s`,
      value: breakEven,
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
