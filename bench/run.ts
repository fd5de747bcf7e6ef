/**
 * `npm run bench` runs every benchmark; `npm run bench -- <name> [<name>…]` runs some.
 * Prints a table per benchmark and writes JSON and a Markdown summary to bench/results/.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { overBudget, toMarkdown, type Benchmark, type BenchResult } from './harness'

/** Each benchmark loads only when chosen, so one subject's imports never slow or break another. */
const all: Record<string, () => Promise<Benchmark>> = {
  bundle: async () => (await import('./bundle')).bundle,
  fanout: async () => (await import('./fanout')).fanout,
  fairness: async () => (await import('./fairness')).fairnessBench,
  ledger: async () => (await import('./ledger')).ledgerBench,
  instant: async () => (await import('./instant')).instantBench,
  replay: async () => (await import('./replay')).replayBench,
  render: async () => (await import('./render')).renderBench,
  memory: async () => (await import('./memory')).memoryBench,
  lighthouse: async () => (await import('./lighthouse')).lighthouseBench,
  compress: async () => (await import('./compress')).compressBench,
}
const names = Object.keys(all)

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = wanted.filter((w) => !names.includes(w))
if (unknown.length > 0) {
  console.error(`[bench] unknown benchmark(s): ${unknown.join(', ')}`)
  console.error(`[bench] available: ${names.join(', ')}`)
  process.exit(2)
}
const chosen = wanted.length > 0 ? wanted : names
const outDir = join(import.meta.dirname, 'results')
await mkdir(outDir, { recursive: true })

const results: BenchResult[] = []
for (const name of chosen) {
  const bench = await all[name]!()
  console.log(`\n[bench] ${bench.name}: ${bench.description}`)
  const started = performance.now()
  const result = await bench.run()
  result.meta = {
    ...result.meta,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    measuredAt: new Date().toISOString(),
  }
  results.push(result)
  console.table(
    result.figures.map((f) => ({
      figure: f.name,
      value: `${f.value} ${f.unit}`,
      budget: f.budget === undefined ? '' : `${f.atLeast ? '>=' : '<='} ${f.budget} ${f.unit}`,
      baseline: f.baseline === undefined ? '' : `${f.baseline} ${f.unit}`,
      status: f.budget === undefined ? '' : overBudget(f) ? 'OVER BUDGET' : 'ok',
    })),
  )
  await writeFile(join(outDir, `${bench.name}.json`), JSON.stringify(result, null, 2) + '\n')
}
// The summary keeps every benchmark: those not run now come from their last JSON, each section
// dated, so running one benchmark never wipes the others' figures.
const summary: BenchResult[] = []
for (const name of names) {
  const fresh = results.find((r) => r.name === name)
  if (fresh) summary.push(fresh)
  else {
    const earlier = await readFile(join(outDir, `${name}.json`), 'utf8').catch(() => null)
    if (earlier !== null) summary.push(JSON.parse(earlier) as BenchResult)
  }
}
// A benchmark with no JSON here (a fresh clone: the JSON files are not committed) keeps its
// section of the committed summary.
const committed = await readFile(join(outDir, 'summary.md'), 'utf8').catch(() => '')
await writeFile(
  join(outDir, 'summary.md'),
  toMarkdown(summary, new Date().toISOString(), { names, summary: committed }),
)
const over = results.flatMap((r) => r.figures.filter(overBudget).map((f) => `${r.name}: ${f.name}`))
console.log(
  over.length ? `\n[bench] over budget: ${over.join('; ')}` : '\n[bench] all within budget',
)
