/**
 * Server clock offset, estimated NTP-style: each sample is one `time` round trip; the samples with
 * the lowest round trip are the ones least distorted by queueing, so only those count.
 */

/** One `time` round trip: `t0` sent, `t1` answered (client clock), `serverTime` in the answer. */
export interface ClockSample {
  readonly t0: number
  readonly t1: number
  readonly serverTime: number
}

/** The current estimate: `serverNow = clientNow + offsetMs`. */
export interface ClockEstimate {
  readonly offsetMs: number
  /** Lowest round trip of the batch: the error bound of the offset is half of it. */
  readonly bestRttMs: number
  /** Median round trip of the batch: the latency a player feels. */
  readonly medianRttMs: number
  readonly samples: number
}

/** Tuning of the estimate; the defaults suit a game stream. */
export interface ClockSyncOptions {
  /** Round trips per estimate. */
  readonly samples?: number
  /** How many of the lowest-RTT samples the offset is taken from. */
  readonly keep?: number
  /** Re-estimate period while online (drift, changed routes); 0 disables it. */
  readonly intervalMs?: number
}

const median = (sorted: readonly number[]): number => {
  const mid = Math.floor(sorted.length / 2)
  const hi = sorted[mid] ?? Number.NaN
  const lo = sorted[mid - 1] ?? hi
  return sorted.length % 2 === 1 ? hi : (lo + hi) / 2
}

/**
 * Offset from a batch of samples: for each, `serverTime - (t0 + rtt / 2)` assumes the answer was
 * stamped half way; the median over the `keep` lowest-RTT samples rejects the ones a busy link
 * delayed on one leg only. Null without samples.
 */
export function estimateClock(samples: readonly ClockSample[], keep: number): ClockEstimate | null {
  if (samples.length === 0) return null
  const measured = samples
    .map((s) => {
      const rtt = Math.max(0, s.t1 - s.t0)
      return { rtt, offset: s.serverTime - (s.t0 + rtt / 2) }
    })
    .sort((a, b) => a.rtt - b.rtt)
  const best = measured.slice(0, Math.max(1, keep))
  return {
    offsetMs: median(best.map((m) => m.offset).sort((a, b) => a - b)),
    bestRttMs: measured[0]?.rtt ?? 0,
    medianRttMs: median(measured.map((m) => m.rtt)),
    samples: measured.length,
  }
}

/**
 * Runs estimates: one batch at a time (a second request joins the running one), samples taken one
 * after another so they do not queue behind each other and inflate their own round trips.
 */
export class ClockSync {
  private estimate: ClockEstimate | null = null
  private running: Promise<ClockEstimate | null> | null = null
  private followUp: Promise<ClockEstimate | null> | null = null
  private readonly samples: number
  private readonly keep: number

  constructor(
    /** One round trip, or null when it failed (timeout, disconnection). */
    private readonly sample: () => Promise<ClockSample | null>,
    private readonly onEstimate: (estimate: ClockEstimate) => void,
    options: ClockSyncOptions = {},
  ) {
    this.samples = Math.max(1, options.samples ?? 6)
    this.keep = Math.max(1, options.keep ?? 3)
  }

  /** The latest estimate, null before the first successful one. */
  current(): ClockEstimate | null {
    return this.estimate
  }

  /** Estimates again; the previous estimate stays if every sample fails. */
  run(): Promise<ClockEstimate | null> {
    if (this.running !== null) {
      // Asked during a batch (a reconnection, say): samples must come from now on, so one
      // follow-up batch serves every request made meanwhile.
      this.followUp ??= this.running.then(() => {
        this.followUp = null
        return this.run()
      })
      return this.followUp
    }
    this.running = this.collect().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async collect(): Promise<ClockEstimate | null> {
    const batch: ClockSample[] = []
    for (let i = 0; i < this.samples; i++) {
      const s = await this.sample()
      // A failed round trip means the link is down; the rest would fail too.
      if (s === null) break
      batch.push(s)
    }
    const estimate = estimateClock(batch, this.keep)
    if (estimate === null) return this.estimate
    this.estimate = estimate
    this.onEstimate(estimate)
    return estimate
  }
}
