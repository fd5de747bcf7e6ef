/**
 * The client built for tests (Vite mode `test`, so `window.__tesseraCanvas` exists), which the
 * render and memory benchmarks serve. Built once per `npm run bench`, into its own folder so it
 * never races the app's dist/ or the bundle benchmark's production build.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
/** Output folder; `BENCH_TEST_DIST` overrides it (helpful when several people bench at once). */
const dist = process.env.BENCH_TEST_DIST
  ? join(root, process.env.BENCH_TEST_DIST)
  : join(root, '.dist-bench-test')

let built: string | null = null

/** Builds the test client once per process and returns its folder. */
export function testBuild(): string {
  if (built) return built
  if (process.env.BENCH_SKIP_BUILD !== 'true') {
    execFileSync(
      'npx',
      ['vite', 'build', '--mode', 'test', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    )
  }
  built = dist
  return dist
}
