/**
 * render: the crash page in Chromium (WebGL through SwiftShader), fed by a local synthetic crash
 * service (bench/render/syntheticCrash.ts: the real protocol, rounds plus 300 live-table rows a
 * second), for 20 s; then an empty Pixi stage of the same CSS size on the same page for 20 s. For
 * each: requestAnimationFrame intervals, the main-thread time of every canvas tick (scene update
 * plus Pixi's render call, timed by the canvas test hook), the share of frames over 20 ms and the
 * long tasks. Then the keno board the same way (bench/render/kenoBoard.ts: the real page on the
 * reference server, a bet every 800 ms) against an empty stage of its own size, and the stateful
 * scenes, miner, hilo and coinflip, each played through its page's buttons every 800 ms
 * (bench/render/statefulScenes.ts) against an empty stage of its own size. The page is a test
 * build (the hook exists only there); the production bundle is what `bundle` measures.
 */
import type { Benchmark, Figure } from './harness'
import { launchChromium } from './browser'
import {
  VIEWPORT,
  leaveToLobby,
  openCrash,
  runningCanvas,
  startPageSampler,
  stopPageSampler,
  takeFrames,
  type PageSamples,
} from './render/page'
import { sampleKenoBoard } from './render/kenoBoard'
import { sampleStatefulScenes } from './render/statefulScenes'
import {
  CPU_P95_RATIO_BUDGET,
  INTERVAL_P95_BUDGET_MS,
  SECONDS,
  SLOW_FRAME_MS,
  WARM_UP_MS,
  onEmptyStage,
  round2,
  sample,
  sceneFigures,
  summary,
  type Summary,
} from './render/sampling'
import {
  FIVE_STRIP_SPIN_MS,
  oneFiveStripSpin,
  openCasePage,
  spinFive,
  startCasesServer,
} from './render/caseStrip'
import { startSyntheticCrash } from './render/syntheticCrash'
import { testBuild } from './render/testBuild'

const BETS_PER_SECOND = 300

export const renderBench: Benchmark = {
  name: 'render',
  description: `Crash page in Chromium (SwiftShader WebGL) on a synthetic stream (rounds + ${BETS_PER_SECOND} live bets/s) for ${SECONDS} s, then an empty Pixi stage of the same size for ${SECONDS} s; then the keno board (reference server, a bet every 800 ms) and the miner, hilo and coinflip scenes (played through their pages' buttons, a click every 800 ms), each against an empty stage of its size, ${SECONDS} s each: canvas tick CPU (scene update + Pixi render), rAF intervals, frames over ${SLOW_FRAME_MS} ms, long tasks. Then the case strip: a guest's five-case demo spins back to back for ${SECONDS} s against an empty stage of its size, and the long tasks of one five-strip opening.`,
  async run() {
    const dist = testBuild()
    const service = await startSyntheticCrash({
      dist,
      bettingMs: 5000,
      pauseMs: 3000,
      // Long climbs (1.8x to 4.2x: 10 s to 24 s), so the curve, the grid and the stars all move.
      crashPoints: [250, 180, 420, 130, 320],
      betsPerSecond: BETS_PER_SECOND,
    })
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: VIEWPORT })
      const crash = await openCrash(page, service.origin)
      const rowsBefore = service.rowsSent()
      const crashRun = await sample(page, crash.id)
      const rows = service.rowsSent() - rowsBefore
      const size = (await runningCanvas(page, 'crash')).size
      if (!size) throw new Error('[bench/render] the crash canvas has no size')

      await leaveToLobby(page)
      const emptyRun = await onEmptyStage(page, size, sample)

      const keno = await sampleKenoBoard(browser, dist, sample)
      const k = summary(keno.board)
      const ke = summary(keno.empty)
      const stateful = (await sampleStatefulScenes(browser, dist, sample)).map((run) => ({
        ...run,
        scene: summary(run.scene),
        empty: summary(run.empty),
      }))

      const c = summary(crashRun)
      const e = summary(emptyRun)
      const figures: Figure[] = [
        {
          name: 'crash: tick CPU p50',
          value: c.cpuP50,
          unit: 'ms',
          baseline: e.cpuP50,
        },
        {
          name: 'crash: tick CPU p95',
          value: c.cpuP95,
          unit: 'ms',
          baseline: e.cpuP95,
          budget: round2(e.cpuP95 * CPU_P95_RATIO_BUDGET),
          note: `≤ ${CPU_P95_RATIO_BUDGET}× the empty stage's p95`,
        },
        { name: 'crash: tick CPU p99', value: c.cpuP99, unit: 'ms', baseline: e.cpuP99 },
        {
          name: 'crash: tick CPU p95 / empty stage',
          value: e.cpuP95 > 0 ? round2(c.cpuP95 / e.cpuP95) : 0,
          unit: '×',
          budget: CPU_P95_RATIO_BUDGET,
        },
        {
          name: 'crash: frame interval p50',
          value: c.intervalP50,
          unit: 'ms',
          baseline: e.intervalP50,
        },
        {
          name: 'crash: frame interval p95',
          value: c.intervalP95,
          unit: 'ms',
          baseline: e.intervalP95,
          budget: INTERVAL_P95_BUDGET_MS,
        },
        {
          name: 'crash: frame interval p99',
          value: c.intervalP99,
          unit: 'ms',
          baseline: e.intervalP99,
        },
        {
          name: `crash: frames over ${SLOW_FRAME_MS} ms`,
          value: c.slowShare,
          unit: '%',
          baseline: e.slowShare,
        },
        { name: 'crash: long tasks', value: c.longTasks, unit: '', baseline: e.longTasks },
        {
          name: 'empty stage: tick CPU p95',
          value: e.cpuP95,
          unit: 'ms',
        },
        {
          name: 'empty stage: frame interval p95',
          value: e.intervalP95,
          unit: 'ms',
          budget: INTERVAL_P95_BUDGET_MS,
        },
        ...sceneFigures('keno board', k, ke),
        ...stateful.flatMap((run) => sceneFigures(`${run.game} scene`, run.scene, run.empty)),
      ]
      // The case strip: five strips spinning back to back (a guest's demo spins), then one
      // five-strip spin watched for long tasks, then an empty stage of the canvas's size.
      const cases = await startCasesServer(dist)
      let strip: Summary
      let stripEmpty: Summary
      let opening: PageSamples
      try {
        const casePage = await browser.newPage({ viewport: VIEWPORT })
        const canvas = await openCasePage(casePage, cases.origin)
        opening = await oneFiveStripSpin(casePage)
        await takeFrames(casePage, canvas.id)
        await startPageSampler(casePage)
        const until = performance.now() + SECONDS * 1000
        while (performance.now() < until) {
          await spinFive(casePage)
          await casePage.waitForTimeout(FIVE_STRIP_SPIN_MS + 200)
        }
        const own = await stopPageSampler(casePage)
        const ticks = await takeFrames(casePage, canvas.id)
        strip = summary({ cpuMs: ticks.cpuMs, intervalMs: own.intervals, longTasks: own.longTasks })
        const stripSize = (await runningCanvas(casePage, 'cases')).size
        if (!stripSize) throw new Error('[bench/render] the case canvas has no size')
        // To the lobby client-side, as crash's and keno's runs do: a full load of the lobby has
        // no canvas hook (it installs itself with a canvas host's chunk).
        await leaveToLobby(casePage, 'cases')
        stripEmpty = summary(await onEmptyStage(casePage, stripSize, sample))
      } finally {
        await cases.close()
      }
      figures.push(
        {
          name: 'case strip (5 spinning): tick CPU p95',
          value: strip.cpuP95,
          unit: 'ms',
          baseline: stripEmpty.cpuP95,
          budget: round2(stripEmpty.cpuP95 * CPU_P95_RATIO_BUDGET),
          note: `≤ ${CPU_P95_RATIO_BUDGET}× the empty stage's p95`,
        },
        {
          name: 'case strip: tick CPU p95 / empty stage',
          value: stripEmpty.cpuP95 > 0 ? round2(strip.cpuP95 / stripEmpty.cpuP95) : 0,
          unit: '×',
          budget: CPU_P95_RATIO_BUDGET,
        },
        {
          name: 'case strip: frame interval p95',
          value: strip.intervalP95,
          unit: 'ms',
          baseline: stripEmpty.intervalP95,
          budget: INTERVAL_P95_BUDGET_MS,
        },
        {
          name: 'case strip: long tasks during a 5-strip opening',
          value: opening.longTasks.length,
          unit: '',
          budget: 0,
        },
      )
      return {
        name: 'render',
        description: this.description,
        figures,
        meta: {
          canvas: size,
          viewport: VIEWPORT,
          crash: c,
          empty: e,
          keno: { canvas: keno.size, board: k, empty: ke, bets: keno.bets },
          stateful: Object.fromEntries(stateful.map(({ game, ...run }) => [game, run])),
          caseStrip: strip,
          caseStripEmpty: stripEmpty,
          fiveStripOpeningLongTasksMs: opening.longTasks,
          liveRowsPerSecond: Math.round(rows / (SECONDS + WARM_UP_MS / 1000)),
          roundsCrashed: service.crashed(),
        },
      }
    } finally {
      await browser.close()
      await service.close()
    }
  },
}
