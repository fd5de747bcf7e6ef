/**
 * memory: the JS heap of the crash page (Chromium, CDP `HeapProfiler.collectGarbage` twice, then
 * `Runtime.getHeapUsage`) on a synthetic stream of fast rounds (bench/render/syntheticCrash.ts)
 * after 200 rounds against after 10, and after mounting and unmounting the crash game 100 times
 * (lobby and game by client-side navigation) against before. Growth should stay flat: whatever a
 * round or a mount allocates must be released with it.
 *
 * `usedSize` also counts V8's compiled code, which keeps growing for minutes as more functions
 * get hot enough to optimise (heap snapshots of 100 rounds: about 90 % of the growth was node type
 * `code`). So each point also takes a heap snapshot and reports the objects apart from the code;
 * an object leak shows there, JIT warm-up does not.
 */
import type { Page } from '@playwright/test'
import type { Benchmark, Figure } from './harness'
import { launchChromium } from './browser'
import {
  VIEWPORT,
  enterCrash,
  heapAfterGc,
  heapBreakdown,
  leaveToLobby,
  openCrash,
  type HeapBreakdown,
} from './render/page'
import { startSyntheticCrash, type SyntheticCrash } from './render/syntheticCrash'
import { testBuild } from './render/testBuild'

const EARLY_ROUNDS = 10
const LATE_ROUNDS = 200
const MOUNTS = 100
/** Budget from the benchmarks issue: heap growth at most 5 %. */
const GROWTH_BUDGET_PERCENT = 5

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100
const growth = (before: number, after: number) =>
  Math.round(((after - before) / before) * 1000) / 10

/** Waits until the page has seen `count` rounds crash since `start` (the service's count). */
async function roundsSeen(service: SyntheticCrash, start: number, count: number): Promise<void> {
  await service.untilCrashed(start + count)
}

async function mountCycles(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await leaveToLobby(page)
    await enterCrash(page)
  }
}

/** Growth of the snapshot's objects (budgeted) and of V8's code (for reference) over `what`. */
function objectFigures(what: string, before: HeapBreakdown, after: HeapBreakdown): Figure[] {
  return [
    {
      name: `heap objects without V8 code, growth over ${what}`,
      value: growth(before.objects, after.objects),
      unit: '%',
      budget: GROWTH_BUDGET_PERCENT,
      note: `${mb(before.objects)} → ${mb(after.objects)} MB (heap snapshot)`,
    },
    {
      name: `V8 compiled code and feedback, growth over ${what}`,
      value: growth(before.code, after.code),
      unit: '%',
      note: `${mb(before.code)} → ${mb(after.code)} MB: JIT warm-up, not the page's objects`,
    },
  ]
}

export const memoryBench: Benchmark = {
  name: 'memory',
  description: `Crash page JS heap after GC: after ${LATE_ROUNDS} fast synthetic rounds against after ${EARLY_ROUNDS}, and after mounting and unmounting the game ${MOUNTS} times (client-side navigation) against before.`,
  async run() {
    const dist = testBuild()
    const service = await startSyntheticCrash({
      dist,
      bettingMs: 50,
      pauseMs: 50,
      // 1.00x and 1.01x: rounds of a fifth of a second, with every phase and event of a real one.
      crashPoints: [100, 101],
      betsPerSecond: 300,
    })
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: VIEWPORT })
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('HeapProfiler.enable')
      await openCrash(page, service.origin)
      const start = service.crashed()
      await roundsSeen(service, start, EARLY_ROUNDS)
      const early = await heapAfterGc(cdp)
      const earlyParts = await heapBreakdown(cdp)
      const roundsStarted = performance.now()
      await roundsSeen(service, start, LATE_ROUNDS)
      const late = await heapAfterGc(cdp)
      const lateParts = await heapBreakdown(cdp)
      const roundSeconds = Math.round((performance.now() - roundsStarted) / 100) / 10

      // One cycle first: the first mount loads chunks and fills caches that are meant to stay.
      await mountCycles(page, 1)
      const beforeMounts = await heapAfterGc(cdp)
      const beforeParts = await heapBreakdown(cdp)
      const mountsStarted = performance.now()
      await mountCycles(page, MOUNTS)
      const afterMounts = await heapAfterGc(cdp)
      const afterParts = await heapBreakdown(cdp)
      const mountSeconds = Math.round((performance.now() - mountsStarted) / 100) / 10
      const canvases = await page.locator('canvas').count()

      const figures: Figure[] = [
        {
          name: `heap after ${LATE_ROUNDS} rounds`,
          value: mb(late),
          unit: 'MB',
          baseline: mb(early),
          note: `baseline: after ${EARLY_ROUNDS} rounds`,
        },
        {
          name: `heap growth, round ${EARLY_ROUNDS} → ${LATE_ROUNDS}`,
          value: growth(early, late),
          unit: '%',
          budget: GROWTH_BUDGET_PERCENT,
        },
        {
          name: `heap after ${MOUNTS} mounts and unmounts`,
          value: mb(afterMounts),
          unit: 'MB',
          baseline: mb(beforeMounts),
          note: 'baseline: before them, after one warm-up cycle',
        },
        {
          name: `heap growth over ${MOUNTS} mounts`,
          value: growth(beforeMounts, afterMounts),
          unit: '%',
          budget: GROWTH_BUDGET_PERCENT,
        },
        ...objectFigures(`round ${EARLY_ROUNDS} → ${LATE_ROUNDS}`, earlyParts, lateParts),
        ...objectFigures(`${MOUNTS} mounts`, beforeParts, afterParts),
      ]
      return {
        name: 'memory',
        description: this.description,
        figures,
        meta: {
          bytes: { early, late, beforeMounts, afterMounts },
          snapshots: { earlyParts, lateParts, beforeParts, afterParts },
          roundSeconds,
          mountSeconds,
          canvasesAtEnd: canvases,
          roundsCrashed: service.crashed(),
        },
      }
    } finally {
      await browser.close()
      await service.close()
    }
  },
}
