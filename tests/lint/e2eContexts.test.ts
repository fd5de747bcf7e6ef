import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Playwright closes the context it gives a test (`context`, `page`), not one a test opens itself
 * with `browser.newContext()`. Left open, a game page keeps its socket and draws its scene (a
 * live crash round, every frame, under SwiftShader) in the worker's browser for the rest of the
 * run, taking the CPU every later test needs: CI failed on timeouts from exactly this. So a spec
 * that opens a context must close one for each it opens (in a `finally`, so a failure closes it
 * too).
 */
const e2e = fileURLToPath(new URL('../e2e/', import.meta.url))

function specs(): string[] {
  return readdirSync(e2e).filter((name) => name.endsWith('.spec.ts'))
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0
}

describe('end-to-end specs', () => {
  it('close every browser context they open themselves', () => {
    const leaking = specs().flatMap((name) => {
      const text = readFileSync(e2e + name, 'utf8')
      const opened = count(text, /\bbrowser\.newContext\(/g)
      const closed = count(text, /\bfinally\s*\{[^}]*?\.close\(\)/g)
      return opened > closed ? [`${name}: opens ${opened}, closes ${closed} in a finally`] : []
    })
    expect(specs().length).toBeGreaterThan(10)
    expect(leaking).toEqual([])
  })
})
