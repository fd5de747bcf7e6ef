import { describe, expect, it } from 'vitest'
import { caseRefusal, rtpHundredths, tableHash } from '../../../games/cases/rules'
import { DEMO_CASES } from './demo'

describe('demo cases', () => {
  it('each return between 90 % and 97 % to the player, and may be created', () => {
    expect(DEMO_CASES.map((c) => [c.slug, rtpHundredths(c.table, c.price)])).toEqual([
      ['pocket', 9260],
      ['bronze', 9380],
      ['silver', 9140],
      ['gold', 9510],
    ])
    for (const c of DEMO_CASES) expect(caseRefusal(c.price, c.table), c.slug).toBeNull()
    // The seeded tables' names: a change to a demo case is a new table, on purpose.
    expect(tableHash(DEMO_CASES[0]!.table)).toBe(
      'e86fe2f5b0fbd9ca530755dfe06c78df6ac84598aa3b8f897b4182b1e2380143',
    )
  })
})
