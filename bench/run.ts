/**
 * `npm run bench` runs every benchmark; `npm run bench -- <name> [<name>…]` runs some.
 * Prints a table per benchmark and writes JSON and a Markdown summary to bench/results/.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { overBudget, toMarkdown, type Benchmark, type BenchResult } from './harness'
import { bundle } from './bundle'
import { replayBench } from './replay'
import { ledgerBench } from './ledger'

const all: Benchmark[] = [bundle, ledgerBench, replayBench]

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = wanted.filter((w) => !all.some((b) => b.name === w))
if (unknown.length > 0) {
  console.error(`[bench] unknown benchmark(s): ${unknown.join(', ')}`)
  console.error(`[bench] available: ${all.map((b) => b.name).join(', ')}`)
  process.exit(2)
}
const chosen = wanted.length > 0 ? all.filter((b) => wanted.includes(b.name)) : all
const outDir = join(import.meta.dirname, 'results')
await mkdir(outDir, { recursive: true })

const results: BenchResult[] = []
for (const bench of chosen) {
  console.log(`\n[bench] ${bench.name}: ${bench.description}`)
  const started = performance.now()
  const result = await bench.run()
  result.meta = { ...result.meta, seconds: Math.round((performance.now() - started) / 100) / 10 }
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
const when = new Date().toISOString()
await writeFile(join(outDir, 'summary.md'), toMarkdown(results, when))
const over = results.flatMap((r) => r.figures.filter(overBudget).map((f) => `${r.name}: ${f.name}`))
console.log(
  over.length ? `\n[bench] over budget: ${over.join('; ')}` : '\n[bench] all within budget',
)
