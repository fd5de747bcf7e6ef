import { describe, expect, it } from 'vitest'
import { overBudget, percentile, toMarkdown } from './harness'

describe('bench harness', () => {
  it('takes nearest-rank percentiles', () => {
    const sample = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(sample, 50)).toBe(50)
    expect(percentile(sample, 95)).toBe(95)
    expect(percentile(sample, 100)).toBe(100)
    expect(percentile([], 50)).toBe(0)
  })

  it('reads budgets as ceilings unless marked as floors', () => {
    expect(overBudget({ name: 'a', value: 151, unit: 'KB', budget: 150 })).toBe(true)
    expect(overBudget({ name: 'a', value: 150, unit: 'KB', budget: 150 })).toBe(false)
    expect(overBudget({ name: 'b', value: 400, unit: '/s', budget: 500, atLeast: true })).toBe(true)
    expect(overBudget({ name: 'c', value: 1, unit: 'x' })).toBe(false)
  })

  it('marks figures over budget in the summary', () => {
    const md = toMarkdown(
      [
        {
          name: 'bundle',
          description: 'sizes',
          figures: [
            { name: 'js', value: 200, unit: 'KB', budget: 150 },
            { name: 'css', value: 10, unit: 'KB', budget: 50 },
          ],
        },
      ],
      'now',
    )
    expect(md).toContain('| js | 200 KB | ≤ 150 KB |  | **over budget** |')
    expect(md).toContain('| css | 10 KB | ≤ 50 KB |  | ok |')
  })

  it('dates each section by its own run, so figures kept from an earlier run say when they are from', () => {
    const md = toMarkdown(
      [
        {
          name: 'ledger',
          description: 'bets',
          figures: [],
          meta: { measuredAt: '2026-11-24T01:00:00Z' },
        },
        { name: 'replay', description: 'events', figures: [] },
      ],
      '2026-11-24T02:00:00Z',
    )
    expect(md).toContain('Written 2026-11-24T02:00:00Z')
    expect(md).toContain('bets Measured 2026-11-24T01:00:00Z.')
    expect(md).toMatch(/## replay\n\nevents\n/)
  })

  it('keeps the sections of benchmarks not run here word for word, in the registry order', () => {
    const committed = toMarkdown(
      [
        { name: 'bundle', description: 'sizes', figures: [{ name: 'js', value: 1, unit: 'KB' }] },
        { name: 'ledger', description: 'writes', figures: [{ name: 'tx', value: 9, unit: '/s' }] },
      ],
      'then',
    )
    const md = toMarkdown(
      [{ name: 'ledger', description: 'writes', figures: [{ name: 'tx', value: 12, unit: '/s' }] }],
      'now',
      { names: ['bundle', 'fanout', 'ledger'], summary: committed },
    )
    expect(md).toContain('Written now')
    expect(md).toContain('| js | 1 KB |')
    expect(md).toContain('| tx | 12 /s |')
    expect(md).not.toContain('| tx | 9 /s |')
    expect(md).not.toContain('## fanout')
    expect(md.indexOf('## bundle')).toBeLessThan(md.indexOf('## ledger'))
  })
})
