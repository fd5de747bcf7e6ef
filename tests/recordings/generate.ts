/**
 * Writes the scripted crash recordings of `scenarios.ts` into this folder:
 * `npx tsx tests/recordings/generate.ts`. See README.md.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCENARIOS } from './scenarios'

const here = dirname(fileURLToPath(import.meta.url))
for (const [file, build] of Object.entries(SCENARIOS)) {
  writeFileSync(join(here, file), `${JSON.stringify(build(), null, 2)}\n`)
  console.log(`wrote tests/recordings/${file}`)
}
