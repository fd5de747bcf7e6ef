import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crashPoint, chainFrom } from '../games/engine/fairness'
import { INSTANT_SCENARIOS } from './recordInstant'
import {
  RECORDING_CHAIN,
  SCENARIOS,
  autoCashoutBelow,
  defaultOut,
  parseRecordArgs,
  type ScenarioName,
} from './record'

const NAMES = Object.keys(SCENARIOS) as ScenarioName[]
const INSTANT_NAMES = Object.keys(INSTANT_SCENARIOS) as (keyof typeof INSTANT_SCENARIOS)[]

describe('npm run record: arguments', () => {
  it('takes one scenario, with or without --out', () => {
    expect(parseRecordArgs(['bet-and-cash-out'])).toEqual({
      type: 'ok',
      scenarios: ['bet-and-cash-out'],
      out: null,
    })
    expect(parseRecordArgs(['disconnect-mid-round', '--out', '/tmp/drop.json'])).toEqual({
      type: 'ok',
      scenarios: ['disconnect-mid-round'],
      out: '/tmp/drop.json',
    })
    expect(parseRecordArgs(['--out=x.json', 'auto-cashout-races-crash'])).toMatchObject({
      type: 'ok',
      out: 'x.json',
    })
  })

  it('takes "all" for every scenario, each to its own file', () => {
    expect(parseRecordArgs(['all'])).toEqual({
      type: 'ok',
      scenarios: [
        ...NAMES,
        ...INSTANT_NAMES,
        'dice-autobet',
        'keno-autobet',
        'cases-three',
        'coinflip-streak',
        'miner-cashout',
        'hilo-lost',
        'rooms',
      ],
      out: null,
    })
    expect(parseRecordArgs(['dice-autobet'])).toMatchObject({ scenarios: ['dice-autobet'] })
    expect(defaultOut('dice-autobet')).toMatch(
      /\/tests\/recordings\/dice-autobet-stop-on-profit\.json$/,
    )
    expect(parseRecordArgs(['roulette-spin'])).toEqual({
      type: 'ok',
      scenarios: ['roulette-spin'],
      out: null,
    })
    expect(parseRecordArgs(['all', '--out', 'one.json'])).toEqual({
      type: 'usage',
      message: '--out takes one scenario, not all',
    })
  })

  it('refuses what it cannot do with a reason, and answers --help with the usage alone', () => {
    expect(parseRecordArgs([])).toEqual({ type: 'usage', message: 'name one scenario, or all' })
    expect(parseRecordArgs(['a', 'b'])).toMatchObject({ type: 'usage' })
    expect(parseRecordArgs(['crash-bet'])).toEqual({
      type: 'usage',
      message: 'unknown scenario "crash-bet"',
    })
    expect(parseRecordArgs(['all', '--speed', '2'])).toMatchObject({ type: 'usage' })
    expect(parseRecordArgs(['all', '--out'])).toMatchObject({ type: 'usage' })
    expect(parseRecordArgs(['--help'])).toEqual({ type: 'usage', message: '' })
    // A name inherited from Object.prototype is not a scenario.
    expect(parseRecordArgs(['toString'])).toMatchObject({ type: 'usage' })
  })
})

describe('npm run record: scenarios', () => {
  it('writes each scenario to its own file under tests/recordings', () => {
    const files = NAMES.map((name) => defaultOut(name))
    expect(new Set(files).size).toBe(NAMES.length)
    for (const name of NAMES) {
      expect(defaultOut(name).endsWith(`/tests/recordings/${SCENARIOS[name].file}`)).toBe(true)
      expect(basename(defaultOut(name))).toMatch(/^crash-[a-z-]+\.json$/)
    }
    expect(basename(defaultOut('roulette-spin'))).toBe('roulette-spin.json')
  })

  it('sets an auto cash-out 0.01x below the crash point, never below the 1.01x minimum', () => {
    expect(autoCashoutBelow(237)).toBe(236)
    expect(autoCashoutBelow(102)).toBe(101)
    expect(autoCashoutBelow(101)).toBeNull()
    expect(autoCashoutBelow(100)).toBeNull()
  })

  it('plays every scenario in the first round of the recording chain', () => {
    // Same chain as the server makes from these options: game 1 is element 1 of the public chain.
    const chain = chainFrom(RECORDING_CHAIN.seedHash, RECORDING_CHAIN.length)
    const first = crashPoint(chain[1]!, RECORDING_CHAIN.salt)
    for (const name of NAMES) expect(SCENARIOS[name].fits(first), name).toBe(true)
    // And the scenarios refuse rounds too short for what they show.
    expect(SCENARIOS['bet-and-cash-out'].fits(159 as never)).toBe(false)
    expect(SCENARIOS['disconnect-mid-round'].fits(199 as never)).toBe(false)
    expect(SCENARIOS['auto-cashout-races-crash'].fits(101 as never)).toBe(false)
  })
})
