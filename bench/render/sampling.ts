/**
 * What every render run shares: sampling one running canvas (its ticks' CPU from the canvas test
 * hook, the page's requestAnimationFrame intervals and long tasks), the summary of a sample, an
 * empty stage of a canvas's size as the baseline, and the figures a game's scene reports against it.
 */
import type { Page } from '@playwright/test'
import { percentile, type Figure } from '../harness'
import { startPageSampler, stopPageSampler, takeFrames, type PageSamples } from './page'

/** How long each canvas is sampled. */
export const SECONDS = 20
/** Sampling starts this long after the canvas is up, once its first frames and fonts are in. */
export const WARM_UP_MS = 2000
/** Budgets from the benchmarks issue. */
export const CPU_P95_RATIO_BUDGET = 1.25
export const INTERVAL_P95_BUDGET_MS = 17.5
/** A frame that took longer than this missed at least one 60 Hz vsync. */
export const SLOW_FRAME_MS = 20

/** One canvas's samples. */
export interface Run {
  cpuMs: number[]
  intervalMs: number[]
  longTasks: number[]
}

/** Rounds to two decimals, as every figure is printed. */
export const round2 = (n: number) => Math.round(n * 100) / 100

/** Samples one running canvas for `SECONDS` after a warm-up. */
export async function sample(page: Page, id: number): Promise<Run> {
  await page.waitForTimeout(WARM_UP_MS)
  await takeFrames(page, id)
  await startPageSampler(page)
  await page.waitForTimeout(SECONDS * 1000)
  const own: PageSamples = await stopPageSampler(page)
  const ticks = await takeFrames(page, id)
  return { cpuMs: ticks.cpuMs, intervalMs: own.intervals, longTasks: own.longTasks }
}

/** The percentiles and counts a run is reported by. */
export function summary(run: Run) {
  const slow = run.intervalMs.filter((ms) => ms > SLOW_FRAME_MS).length
  return {
    cpuP50: round2(percentile(run.cpuMs, 50)),
    cpuP95: round2(percentile(run.cpuMs, 95)),
    cpuP99: round2(percentile(run.cpuMs, 99)),
    intervalP50: round2(percentile(run.intervalMs, 50)),
    intervalP95: round2(percentile(run.intervalMs, 95)),
    intervalP99: round2(percentile(run.intervalMs, 99)),
    slowShare: run.intervalMs.length ? round2((100 * slow) / run.intervalMs.length) : 0,
    longTasks: run.longTasks.length,
    longTaskMs: Math.round(run.longTasks.reduce((a, b) => a + b, 0)),
    frames: run.intervalMs.length,
    ticks: run.cpuMs.length,
  }
}

/** A run's summary. */
export type Summary = ReturnType<typeof summary>

/**
 * Mounts an empty Pixi stage of `size` on the page (its game already left, the hook kept),
 * runs `measure` on it and releases it: the baseline a scene is compared with.
 */
export async function onEmptyStage<R>(
  page: Page,
  size: { width: number; height: number },
  measure: (page: Page, id: number) => Promise<R>,
): Promise<R> {
  const id = (await page.evaluate(
    `window.__tesseraCanvas.mountEmptyStage(${JSON.stringify({ width: size.width, height: size.height })})`,
  )) as number
  const result = await measure(page, id)
  await page.evaluate(`window.__tesseraCanvas.release(${id})`)
  return result
}

/**
 * A game scene's figures against its empty stage (same size, same run): tick CPU p50/p95/p99,
 * the p95 ratio, the frame interval p95 and the long tasks, with the budgets.
 */
export function sceneFigures(label: string, s: Summary, e: Summary): Figure[] {
  return [
    { name: `${label}: tick CPU p50`, value: s.cpuP50, unit: 'ms', baseline: e.cpuP50 },
    {
      name: `${label}: tick CPU p95`,
      value: s.cpuP95,
      unit: 'ms',
      baseline: e.cpuP95,
      budget: round2(e.cpuP95 * CPU_P95_RATIO_BUDGET),
      note: `≤ ${CPU_P95_RATIO_BUDGET}× the empty stage's p95 (same size, same run)`,
    },
    { name: `${label}: tick CPU p99`, value: s.cpuP99, unit: 'ms', baseline: e.cpuP99 },
    {
      name: `${label}: tick CPU p95 / empty stage`,
      value: e.cpuP95 > 0 ? round2(s.cpuP95 / e.cpuP95) : 0,
      unit: '×',
      budget: CPU_P95_RATIO_BUDGET,
    },
    {
      name: `${label}: frame interval p95`,
      value: s.intervalP95,
      unit: 'ms',
      baseline: e.intervalP95,
      budget: INTERVAL_P95_BUDGET_MS,
    },
    { name: `${label}: long tasks`, value: s.longTasks, unit: '', baseline: e.longTasks },
  ]
}
