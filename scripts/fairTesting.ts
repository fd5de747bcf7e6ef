import { runFair } from './fair'

/**
 * Runs `npm run fair` in-process on `argv` for a test: its exit code, its printed lines and its
 * errors joined.
 */
export function runCaptured(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): { code: number; out: string[]; err: string } {
  const out: string[] = []
  const err: string[] = []
  const code = runFair(argv, {
    cwd: options.cwd ?? '.',
    env: options.env ?? {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out, err: err.join('\n') }
}
