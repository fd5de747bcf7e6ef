import { execFile } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { chainFrom, floats } from '../games/engine/fairness/index'
import { TERMINATING_HASH_ENV } from './fair'
import { runCaptured } from './fairTesting'

const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'
const seed = createHash('sha256').update('tessera fair cli test').digest('hex')
const chain = chainFrom(seed, 50)
const otherChain = chainFrom(createHash('sha256').update('another operator').digest('hex'), 50)

/** Crash point as the CLI prints it, computed independently with node:crypto. */
function shown(gameHash: string, withSalt = salt): string {
  const h = createHmac('sha256', withSalt).update(Buffer.from(gameHash, 'hex')).digest('hex')
  const x = 99 / (1 - parseInt(h.slice(0, 13), 16) / 2 ** 52)
  return `${Math.max(1, Math.floor(x) / 100).toFixed(2)}x`
}

let dir = ''
let emptyDir = ''

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-fair-'))
  emptyDir = mkdtempSync(join(tmpdir(), 'tessera-fair-empty-'))
  mkdirSync(join(dir, '.data'))
  const publication = { terminatingHash: chain[0], salt, length: 50 }
  writeFileSync(join(dir, '.data', 'crash-chain.json'), JSON.stringify(publication))
  writeFileSync(join(dir, 'broken.json'), '{ not json')
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  rmSync(emptyDir, { recursive: true, force: true })
})

const run = (argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}) =>
  runCaptured(argv, { cwd: dir, ...options })

describe('fair crash (in-process)', () => {
  it('prints a game and the ones before it, and verifies against the published file', () => {
    const { code, out } = run(['crash', '--hash', chain[30]!, '--games', '3'])
    expect(code).toBe(0)
    expect(out[0]).toBe(`salt ${salt}`)
    const games = out.slice(1, 5)
    expect(games.map((line) => line.split(/\s+/).slice(0, 3))).toEqual(
      [30, 29, 28, 27].map((n) => ['game', `#${n}`, chain[n]]),
    )
    games.forEach((line, i) => expect(line.endsWith(` ${shown(chain[30 - i]!)}`)).toBe(true))
    expect(out[5]).toMatch(/^verified: game #30, hashing it 30 times/)
  })

  it('stops at game 1: the terminating hash is never played', () => {
    const { code, out } = run(['crash', '--hash', chain[2]!.toUpperCase(), '--games', '10'])
    expect(code).toBe(0)
    expect(out.filter((line) => line.startsWith('game'))).toHaveLength(2)
  })

  it('scores with another operator salt when --salt is given', () => {
    const theirs = 'ff'.repeat(32)
    const { out } = run(['crash', '--hash', chain[5]!, '--salt', theirs])
    expect(out[1]!.endsWith(` ${shown(chain[5]!, theirs)}`)).toBe(true)
  })

  it('fails with exit 1 when the chain does not reach the terminating hash', () => {
    const viaEnv = run(['crash', '--hash', otherChain[40]!], {
      env: { [TERMINATING_HASH_ENV]: chain[0]! },
    })
    expect(viaEnv.code).toBe(1)
    expect(viaEnv.err).toMatch(/NOT VERIFIED: 50 hashes back/)
    const viaFlag = run([
      'crash',
      '--hash',
      chain[40]!,
      '--terminating',
      otherChain[0]!,
      '--max-walk',
      '60',
    ])
    expect(viaFlag.code).toBe(1)
    expect(viaFlag.err).toMatch(/NOT VERIFIED: 60 hashes back/)
  })

  it('prefers the flag over the environment over the file for the terminating hash', () => {
    const { code } = run(['crash', '--hash', otherChain[9]!, '--terminating', otherChain[0]!], {
      env: { [TERMINATING_HASH_ENV]: chain[0]! },
    })
    expect(code).toBe(0)
  })

  it('prints points without checking when no terminating hash is known', () => {
    const { code, out, err } = run(['crash', '--hash', chain[7]!, '--salt', salt], {
      cwd: emptyDir,
    })
    expect(code).toBe(0)
    expect(out[1]).toMatch(/^game +[0-9a-f]{64} {2}\d+\.\d\dx$/)
    expect(err).toMatch(/chain not checked/)
  })

  it.each([
    [['crash'], /--hash is required/],
    [['crash', '--hash', 'abc'], /--hash must be 64 hex digits/],
    [['crash', '--hash', 'ab'.repeat(32), '--games=-1'], /--games must be a whole number/],
    [['crash', '--hash', 'ab'.repeat(32), '--games', 'x'], /--games must be a whole number/],
    [['crash', '--hash', 'ab'.repeat(32), '--terminating', 'nope'], /--terminating must be/],
    [['crash', '--hash', 'ab'.repeat(32), '--chain-file', 'broken.json'], /is not JSON/],
    [['crash', '--hash', 'ab'.repeat(32), '--chain-file', 'missing.json'], /not found/],
    [['crash', '--hash', 'ab'.repeat(32), '--wat'], /Unknown option '--wat'/],
    [['lottery'], /unknown command "lottery"/],
    // Rooms draw from their own round's seed and ticket list (issue 33): a command of their own.
    [['rooms'], /--server-seed is required/],
    [[], /no command/],
  ])('exits 2 with usage for %j', (argv, message) => {
    const { code, err } = run(argv)
    expect(code).toBe(2)
    expect(err).toMatch(message)
    expect(err).toMatch(/Usage:/)
  })

  it('needs a salt from the flag or the file', () => {
    const { code, err } = run(['crash', '--hash', chain[3]!], { cwd: emptyDir })
    expect(code).toBe(2)
    expect(err).toMatch(/no salt/)
  })
})

describe('fair floats (in-process)', () => {
  it('prints the seed hash and the first K floats', () => {
    const { code, out } = run(floatArgs('12'))
    expect(code).toBe(0)
    expect(out[0]).toBe(`server seed hash ${createHash('sha256').update('server').digest('hex')}`)
    expect(out.slice(1)).toEqual(floats('server', 'client', 3, 12).map((f, i) => `${i} ${f}`))
  })

  it('refuses a missing or fractional count and nonce', () => {
    expect(run(['floats', '--server-seed', 's', '--client-seed', 'c', '--nonce', '1']).code).toBe(2)
    expect(run(floatArgs('1.5')).code).toBe(2)
    expect(
      run(['floats', '--server-seed', 's', '--client-seed', 'c', '--nonce=-1', '--count', '1'])
        .code,
    ).toBe(2)
  })

  it('prints usage on --help', () => {
    const { code, out } = run(['--help'])
    expect(code).toBe(0)
    expect(out.join('\n')).toMatch(/npm run fair -- floats/)
  })
})

function floatArgs(count: string) {
  return [
    'floats',
    '--server-seed',
    'server',
    '--client-seed',
    'client',
    '--nonce',
    '3',
    '--count',
    count,
  ]
}

describe('fair as a process (tsx)', () => {
  const root = resolve(import.meta.dirname, '..')
  const tsx = join(root, 'node_modules', '.bin', 'tsx')
  const script = join(root, 'scripts', 'fair.ts')

  function spawn(argv: string[]) {
    return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        tsx,
        [script, ...argv],
        { cwd: dir, env: { PATH: process.env.PATH ?? '' } },
        (error, stdout, stderr) => {
          done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr })
        },
      )
    })
  }

  it('exits 0 on a verified chain and 2 with usage on bad input', async () => {
    // Two spawns only: tsx start-up dominates; exit code 1 and floats are covered in-process above.
    const [ok, bad] = await Promise.all([
      spawn(['crash', '--hash', chain[12]!, '--games', '1']),
      spawn(['crash', '--hash', 'xyz']),
    ])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`game #12     ${chain[12]}  ${shown(chain[12]!)}\n`)
    expect(ok.stdout).toContain('verified: game #12')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('Usage:')
  })
})
