import { createHash, createHmac } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCaptured } from './fairTesting'

const serverSeed = 'b1946ac92492d2347c6235b4d2611184a0e2b5c6b8f43a9c6d2e1f0a9b8c7d6e'
const commitment = createHash('sha256').update(serverSeed).digest('hex')
const purchases = [
  { purchaseId: '17', count: 3, clientSeed: 'lucky seed' },
  { purchaseId: '18', count: 1, clientSeed: 'k:7' },
  { purchaseId: 'a-B_9', count: 5, clientSeed: '~ tilde ~' },
]
/** The list's canonical text, written out from docs/games.md rather than by the code. */
const text = '0-2 17 lucky seed\n3-3 18 k:7\n4-8 a-B_9 ~ tilde ~\n'
const beacon = 'drand quicknet 1234 5f3a'

/** The draw computed independently with node:crypto, as a third-party verifier would. */
function reference(listText: string, nonce: number) {
  const clientSeed = createHash('sha256').update(listText).digest('hex')
  const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest()
  const float = block.readUInt32BE(0) / 2 ** 32
  return { clientSeed, float, ticket: Math.floor(float * 9) }
}

const dir = mkdtempSync(join(tmpdir(), 'fair-rooms-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, content: string) => {
  writeFileSync(join(dir, name), content)
  return name
}
const run = (args: string[]) =>
  runCaptured(['rooms', '--server-seed', serverSeed, ...args], { cwd: dir })

describe('fair rooms (in-process)', () => {
  it('checks the commitment and recomputes the client seed, the float and the winner', () => {
    const { clientSeed, float, ticket } = reference(text, 42)
    const { code, out, err } = run([
      '--nonce',
      '42',
      '--commitment',
      commitment.toUpperCase(),
      '--tickets',
      JSON.stringify(purchases),
    ])
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(ticket).toBe(6)
    expect(out).toEqual([
      `commitment ${commitment} matches the server seed's SHA-256 ${commitment}`,
      'purchases 3, tickets 9',
      `client seed ${clientSeed} (SHA-256 of the ${text.length}-byte ticket list)`,
      `float 0 ${float} (HMAC_SHA256(server seed, "client seed:42:0"), bytes 0-3)`,
      'winning ticket 6 = floor(float x 9)',
      'winner purchase a-B_9, tickets 4-8 (5 of 9, 55.56%), seed "~ tilde ~"',
    ])
  })

  it('prints float 0 as `npm run fair -- floats` does for the same seeds and nonce', () => {
    for (const nonce of [0, 7, 42]) {
      const { clientSeed } = reference(text, nonce)
      const rooms = run(['--nonce', String(nonce), '--tickets', JSON.stringify(purchases)]).out
      const floats = runCaptured([
        'floats',
        '--server-seed',
        serverSeed,
        '--client-seed',
        clientSeed,
        '--nonce',
        String(nonce),
        '--count',
        '1',
      ]).out
      const float = floats[1]!.split(' ')[1]!
      expect(floats[1]).toBe(`0 ${float}`)
      expect(rooms[3]!.startsWith(`float 0 ${float} (`)).toBe(true)
    }
  })

  it('reads the list as canonical text with its beacon, or as a round saved from the snapshot', () => {
    const withBeacon = reference(`${text}beacon ${beacon}\n`, 42)
    const canonical = run([
      '--nonce',
      '42',
      '--tickets',
      file('list.txt', `${text}beacon ${beacon}\n`),
    ])
    expect(canonical.code).toBe(0)
    expect(canonical.out[1]).toBe(`purchases 3, tickets 9, beacon ${beacon}`)
    expect(canonical.out[2]).toContain(withBeacon.clientSeed)
    expect(canonical.out[4]).toBe(`winning ticket ${withBeacon.ticket} = floor(float x 9)`)
    // The same draw from JSON and --beacon; a round's rows carry more fields than the list needs.
    const round = {
      roundId: '41',
      purchases: purchases.map((p, i) => ({ ...p, player: null, colour: i, firstTicket: 0 })),
    }
    const saved = run([
      '--nonce',
      '42',
      '--beacon',
      beacon,
      '--tickets',
      file('round.json', JSON.stringify(round)),
    ])
    expect(saved.out).toEqual(canonical.out)
    // Without the beacon the draw is another one.
    expect(run(['--nonce', '42', '--tickets', file('plain.txt', text)]).out[2]).toContain(
      reference(text, 42).clientSeed,
    )
  })

  it('prints the pot, the 5 % commission rounded up and the payout of a room', () => {
    const purple = run([
      '--nonce',
      '1',
      '--room',
      'purple',
      '--currency',
      'KZT',
      '--tickets',
      JSON.stringify(purchases),
    ])
    expect(purple.out.at(-1)).toBe(
      'pot 2250.00 KZT (9 x 250.00 KZT): commission 112.50 KZT (5%, rounded up), payout 2137.50 KZT',
    )
    const red = run(['--nonce', '1', '--room', 'red', '--currency', 'USD', '--tickets', text])
    expect(red.out.at(-1)).toBe(
      'pot 0.09 USD (9 x 0.01 USD): commission 0.01 USD (5%, rounded up), payout 0.08 USD',
    )
  })

  it('exits 1 when the server seed does not hash to the commitment', () => {
    const { code, out, err } = run([
      '--nonce',
      '42',
      '--commitment',
      'ab'.repeat(32),
      '--tickets',
      text,
    ])
    expect(code).toBe(1)
    expect(out[0]).toBe(
      `commitment ${'ab'.repeat(32)} DOES NOT match the server seed's SHA-256 ${commitment}`,
    )
    expect(err).toContain('NOT VERIFIED')
  })

  it('refuses bad input with exit code 2 and the usage', () => {
    const list = JSON.stringify(purchases)
    for (const args of [
      ['--nonce', '1'],
      ['--tickets', list],
      ['--nonce', '-1', '--tickets', list],
      ['--nonce', '1', '--tickets', '[]'],
      ['--nonce', '1', '--tickets', '[{"purchaseId":"a b","count":1,"clientSeed":"s"}]'],
      ['--nonce', '1', '--tickets', JSON.stringify([purchases[0], purchases[0]])],
      ['--nonce', '1', '--tickets', '{"purchases": 3}'],
      ['--nonce', '1', '--tickets', file('gap.txt', '0-2 17 s\n4-4 18 s\n')],
      ['--nonce', '1', '--tickets', 'missing-file.txt'],
      ['--nonce', '1', '--tickets', list, '--commitment', 'xyz'],
      ['--nonce', '1', '--tickets', list, '--room', 'red'],
      ['--nonce', '1', '--tickets', list, '--room', 'green', '--currency', 'RUB'],
      ['--nonce', '1', '--tickets', list, '--room', 'red', '--currency', 'GBP'],
      ['--nonce', '1', '--tickets', file('b.txt', `${text}beacon x\n`), '--beacon', 'y'],
      ['--nonce', '1', '--tickets', list, '--unknown', 'flag'],
    ]) {
      const { code, err } = run(args)
      expect(code, args.join(' ')).toBe(2)
      expect(err).toContain('Usage:')
    }
  })
})
