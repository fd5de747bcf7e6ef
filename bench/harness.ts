/**
 * Benchmark harness: each benchmark returns figures with budgets; the runner prints a table and
 * writes `bench/results/<name>.json` plus `bench/results/summary.md`. Benchmarks never assert:
 * a figure over budget is marked, not failed, because these machines are noisy and shared.
 */

/** One measured figure. `budget` is the limit it must stay under (or over, with `atLeast`). */
export interface Figure {
  name: string
  value: number
  unit: string
  budget?: number
  /** When true the budget is a floor (throughput); otherwise a ceiling. */
  atLeast?: boolean
  /** What the figure is compared with, measured in the same run, when there is one. */
  baseline?: number
  note?: string
}

/** The result of one benchmark run. */
export interface BenchResult {
  name: string
  description: string
  figures: Figure[]
  /** Absolute context worth keeping (machine, sample counts). */
  meta?: Record<string, unknown>
}

/** A benchmark: a name, a description, and a run that measures. */
export interface Benchmark {
  name: string
  description: string
  run(): Promise<BenchResult>
}

/** Whether a figure breaks its budget. */
export function overBudget(f: Figure): boolean {
  if (f.budget === undefined) return false
  return f.atLeast ? f.value < f.budget : f.value > f.budget
}

/** Percentile of a sample (nearest rank); 0 for an empty sample. */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) return 0
  const sorted = [...sample].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] ?? 0
}

const fmt = (n: number): string =>
  Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) >= 100 ? 1 : 3)

/** Renders results as a Markdown table; over-budget figures are marked. */
export function toMarkdown(results: readonly BenchResult[], when: string): string {
  const lines = [`# Benchmark results`, '', `Written ${when} by \`npm run bench\`.`, '']
  for (const r of results) {
    const measured = typeof r.meta?.measuredAt === 'string' ? ` Measured ${r.meta.measuredAt}.` : ''
    // A benchmark's word on the conditions of this run (e.g. the machine's load).
    const note = typeof r.meta?.note === 'string' ? ` ${r.meta.note}` : ''
    lines.push(`## ${r.name}`, '', `${r.description}${measured}${note}`, '')
    lines.push('| figure | value | budget | baseline | status |', '|---|---|---|---|---|')
    for (const f of r.figures) {
      const budget =
        f.budget === undefined ? '' : `${f.atLeast ? '≥' : '≤'} ${fmt(f.budget)} ${f.unit}`
      const baseline = f.baseline === undefined ? '' : `${fmt(f.baseline)} ${f.unit}`
      const status = f.budget === undefined ? '' : overBudget(f) ? '**over budget**' : 'ok'
      lines.push(`| ${f.name} | ${fmt(f.value)} ${f.unit} | ${budget} | ${baseline} | ${status} |`)
    }
    lines.push('')
  }
  return lines.join('\n')
}
