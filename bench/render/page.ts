/**
 * Driving the crash page for the render and memory benchmarks: open it, find its canvas through the
 * canvas test hook, move between the lobby and the game without reloading, and read the JS heap.
 * In-page code is passed as strings: Playwright sends functions as source text, and the helpers a
 * TypeScript loader may wrap around named functions do not exist in the page.
 */
import type { CDPSession, Page } from '@playwright/test'
import type { CanvasFrameSamples, CanvasInspection } from '../../games/engine/canvas'

/** Viewport of every benchmark page: a common laptop size, the same for the empty stage. */
export const VIEWPORT = { width: 1280, height: 800 } as const

const CRASH_LINK = 'a[href$="/games/crash"]'

/** The newest canvas of `scene` in the page, or null (also when the hook is missing). */
export function findCanvas(page: Page, scene: string): Promise<CanvasInspection | null> {
  return page.evaluate(`window.__tesseraCanvas?.find(${JSON.stringify(scene)}) ?? null`)
}

/** Waits until a canvas of `scene` is running and returns it. */
export async function runningCanvas(page: Page, scene: string): Promise<CanvasInspection> {
  return waitFor(
    () => findCanvas(page, scene),
    (canvas): canvas is CanvasInspection => canvas?.state === 'running',
    `a running ${scene} canvas`,
  )
}

/** Polls `read` every 50 ms until `done` holds (60 s at most: shared machines are slow) and returns that value. */
async function waitFor<T, R extends T>(
  read: () => Promise<T>,
  done: (value: T) => value is R,
  what: string,
): Promise<R> {
  const deadline = performance.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (performance.now() > deadline) throw new Error(`[bench] timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Hands over and clears the frame timings of canvas `id`. */
export async function takeFrames(page: Page, id: number): Promise<CanvasFrameSamples> {
  const samples = (await page.evaluate(
    `window.__tesseraCanvas?.takeFrames(${id}) ?? null`,
  )) as CanvasFrameSamples | null
  if (!samples) throw new Error(`[bench] canvas ${id} is not mounted`)
  return samples
}

/** Opens /games/crash with a full load and waits for its canvas to run. */
export async function openCrash(page: Page, origin: string): Promise<CanvasInspection> {
  await page.goto(`${origin}/games/crash`)
  const hook = await page.evaluate('typeof window.__tesseraCanvas')
  if (hook === 'undefined') {
    // The hook installs itself with the crash chunk; a missing one means a production build.
    await page.waitForFunction('window.__tesseraCanvas !== undefined', null, { timeout: 30_000 })
  }
  return runningCanvas(page, 'crash')
}

/** Goes to the lobby through the header logo (client-side) and waits for the game to unmount. */
export async function leaveToLobby(page: Page, scene = 'crash'): Promise<void> {
  // A dispatched click: the router's own link handler, without waiting for the page to be still.
  await page.getByTestId('header.logo').dispatchEvent('click')
  await waitFor(
    () => findCanvas(page, scene),
    (canvas): canvas is null => canvas === null,
    `the ${scene} canvas to unmount`,
  )
}

/** Waits until a canvas of `scene` has ticked `frames` times (so it has drawn) and returns it. */
export async function drawnCanvas(
  page: Page,
  scene: string,
  frames: number,
): Promise<CanvasInspection> {
  return waitFor(
    () => findCanvas(page, scene),
    (canvas): canvas is CanvasInspection => (canvas?.frames ?? 0) >= frames,
    `a ${scene} canvas that has drawn`,
  )
}

/** Back to /games/crash without a reload: a lobby link if there is one, else a router push. */
export async function enterCrash(page: Page): Promise<CanvasInspection> {
  const link = page.locator(CRASH_LINK).first()
  if ((await link.count()) > 0) await link.dispatchEvent('click')
  else {
    // TanStack Router follows popstate, as for the browser's back and forward buttons.
    await page.evaluate(
      "history.pushState({}, '', '/games/crash'); dispatchEvent(new PopStateEvent('popstate'))",
    )
  }
  return runningCanvas(page, 'crash')
}

/** Heap in use after two full garbage collections, in bytes (CDP, Chromium only). */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

/** What the page's own sampler measured between `startPageSampler` and `stopPageSampler`. */
export interface PageSamples {
  /** Milliseconds between consecutive `requestAnimationFrame` callbacks. */
  intervals: number[]
  /** Durations of long tasks (over 50 ms on the main thread) seen by a PerformanceObserver. */
  longTasks: number[]
}

/** Starts sampling rAF intervals and long tasks in the page. */
export async function startPageSampler(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const probe = { intervals: [], longTasks: [], last: null, running: true }
    const loop = (time) => {
      if (probe.last !== null) probe.intervals.push(time - probe.last)
      probe.last = time
      if (probe.running) requestAnimationFrame(loop)
    }
    requestAnimationFrame(loop)
    probe.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration)
    })
    probe.observer.observe({ type: 'longtask' })
    window.__benchSampler = probe
  })()`)
}

/** Stops the page's sampler and returns its samples. */
export async function stopPageSampler(page: Page): Promise<PageSamples> {
  return (await page.evaluate(`(() => {
    const probe = window.__benchSampler
    probe.running = false
    probe.observer.disconnect()
    delete window.__benchSampler
    return { intervals: probe.intervals, longTasks: probe.longTasks }
  })()`)) as PageSamples
}

/** What a heap snapshot holds, in bytes, split by who owns it. */
export interface HeapBreakdown {
  /** Objects, arrays, closures and strings: what the page's own code keeps alive. */
  readonly objects: number
  /** V8's compiled code, feedback vectors and inline caches, which grow as functions warm up. */
  readonly code: number
}

/**
 * Takes a heap snapshot after two forced collections (CDP) and sums node sizes by owner: V8's
 * own code objects (heap-snapshot node type `code`) apart from everything else on the JS heap.
 * Blink's native nodes are left out, as in `Runtime.getHeapUsage`'s `usedSize`.
 */
export async function heapBreakdown(cdp: CDPSession): Promise<HeapBreakdown> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const chunks: string[] = []
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }
    nodes: number[]
  }
  const fields = snapshot.snapshot.meta.node_fields
  const types = snapshot.snapshot.meta.node_types[0]
  const typeAt = fields.indexOf('type')
  const sizeAt = fields.indexOf('self_size')
  let objects = 0
  let code = 0
  const { nodes } = snapshot
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt] ?? 0]
    const size = nodes[i + sizeAt] ?? 0
    if (type === 'code') code += size
    else if (type !== 'native' && type !== 'synthetic') objects += size
  }
  return { objects, code }
}
