import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { KENO_TABLES } from '../games/keno/rules'
import { GAMES_DOC, kenoTablesSection, withSection } from './kenoTables'

describe('docs/games.md: the keno tables', () => {
  it('are the ones the code pays, with their RTP (npx tsx scripts/kenoTables.ts --write)', () => {
    const doc = readFileSync(GAMES_DOC, 'utf8')
    expect(withSection(doc, kenoTablesSection())).toBe(doc)
  })

  it('print every row of every risk with its RTP', () => {
    const section = kenoTablesSection()
    expect(section.match(/^\| 10 /gm)).toHaveLength(4)
    expect(section).toContain('| 1     | ·   | 3.96× |')
    expect(section).toMatch(/\| 10 +\| · +\| · +\| · +\| · +\| 3\.5× .*\| 1000× +\| \d+\.\d\d % \|/)
    expect(KENO_TABLES.classic[5]![3]).toBe(36_800)
    expect(section).toContain('3.68×')
  })
})
