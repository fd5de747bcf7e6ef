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

/**
 * The Markdown summary: one dated section per benchmark, in order. A benchmark given only in
 * `kept` (its figures from an earlier run, whose JSON this checkout does not have: the JSON files
 * are not committed) keeps its section of the earlier summary word for word, so running one
 * benchmark in a fresh clone never drops the others.
 */
export function toMarkdown(
  results: readonly BenchResult[],
  when: string,
  kept: { names: readonly string[]; summary: string } = { names: [], summary: '' },
): string {
  const earlier = summarySections(kept.summary)
  const fresh = new Map(results.map((r) => [r.name, r]))
  const order = kept.names.length > 0 ? kept.names : results.map((r) => r.name)
  const lines = [`# Benchmark results`, '', `Written ${when} by \`npm run bench\`.`, '']
  for (const name of order) {
    const r = fresh.get(name)
    if (r) lines.push(...sectionLines(r))
    else if (earlier.has(name)) lines.push(earlier.get(name)!.trimEnd(), '')
  }
  return lines.join('\n')
}

/** One benchmark's section: its description, when and how it was measured, and its figures. */
function sectionLines(r: BenchResult): string[] {
  const measured = typeof r.meta?.measuredAt === 'string' ? ` Measured ${r.meta.measuredAt}.` : ''
  // A benchmark's word on the conditions of this run (e.g. the machine's load).
  const note = typeof r.meta?.note === 'string' ? ` ${r.meta.note}` : ''
  const lines = [`## ${r.name}`, '', `${r.description}${measured}${note}`, '']
  lines.push('| figure | value | budget | baseline | status |', '|---|---|---|---|---|')
  for (const f of r.figures) {
    const budget =
      f.budget === undefined ? '' : `${f.atLeast ? '≥' : '≤'} ${fmt(f.budget)} ${f.unit}`
    const baseline = f.baseline === undefined ? '' : `${fmt(f.baseline)} ${f.unit}`
    const status = f.budget === undefined ? '' : overBudget(f) ? '**over budget**' : 'ok'
    lines.push(`| ${f.name} | ${fmt(f.value)} ${f.unit} | ${budget} | ${baseline} | ${status} |`)
  }
  lines.push('')
  return lines
}

/** An earlier summary's sections by benchmark name (each from its `## name` line to the next). */
export function summarySections(summary: string): Map<string, string> {
  const sections = new Map<string, string>()
  const parts = summary.split(/^(?=## )/m)
  for (const part of parts) {
    const name = /^## (\S+)/.exec(part)?.[1]
    if (name) sections.set(name, part)
  }
  return sections
}
