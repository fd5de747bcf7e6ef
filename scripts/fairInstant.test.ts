import { createHash, createHmac } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCaptured } from './fairTesting'

const seeds = ['--server-seed', 'server seed', '--client-seed', 'client seed']

const run = (argv: string[]) => runCaptured(argv)

/**
 * The first `n` floats of a bet, computed independently of games/engine/fairness with node:crypto,
 * as a third-party verifier of the scheme would.
 */
function reference(nonce: number, n: number): number[] {
  const out: number[] = []
  for (let round = 0; out.length < n; round++) {
    const block = createHmac('sha256', 'server seed')
      .update(`client seed:${nonce}:${round}`)
      .digest()
    for (let i = 0; i < 32 && out.length < n; i += 4) out.push(block.readUInt32BE(i) / 2 ** 32)
  }
  return out
}

/** The published distinct draw (keno, mines), written again from its description. */
function referenceDraw(floats: number[], items: number[], k: number): number[] {
  const left = [...items]
  return floats.slice(0, k).map((f) => left.splice(Math.floor(f * left.length), 1)[0]!)
}

describe('fair instant games (in-process)', () => {
  it('prints the dice roll, and the win or loss for a target', () => {
    for (const nonce of [0, 1, 2, 41]) {
      const roll = Math.floor(reference(nonce, 1)[0]! * 10001)
      const { code, out } = run(['dice', ...seeds, '--nonce', String(nonce), '--target', '50.5'])
      expect(code).toBe(0)
      expect(out[1]).toBe(`roll ${(roll / 100).toFixed(2)}`)
      expect(out[2]).toBe(
        `roll under 50.50: ${roll < 5050 ? 'win, chance 50.50 %, multiplier 1.9603x' : 'loss, chance 50.50 %, multiplier 0.0000x'}`,
      )
    }
  })

  it('prints the roulette pocket and its colour', () => {
    const pocket = Math.floor(reference(3, 1)[0]! * 37)
    expect(run(['roulette', ...seeds, '--nonce', '3']).out[1]).toMatch(
      new RegExp(`^pocket ${pocket} (red|black|green)$`),
    )
  })

  it('draws keno and mines the published way, and scores keno picks', () => {
    const drawn = referenceDraw(
      reference(5, 10),
      Array.from({ length: 40 }, (_, i) => i + 1),
      10,
    )
    const keno = run([
      'keno',
      ...seeds,
      '--nonce',
      '5',
      '--picks',
      drawn.slice(0, 2).join(','),
      '--risk',
      'medium',
    ])
    expect(keno.out[1]).toBe(`drawn ${drawn.join(' ')}`)
    expect(keno.out[2]).toBe(`hits 2 (${drawn.slice(0, 2).join(' ')}), medium: 5.1000x`)
    const tiles = referenceDraw(
      reference(6, 24),
      Array.from({ length: 25 }, (_, i) => i),
      24,
    )
    const mines = run(['mines', ...seeds, '--nonce', '6', '--mines', '5'])
    expect(mines.out[1]).toBe(
      `mines ${tiles
        .slice(0, 5)
        .sort((a, b) => a - b)
        .join(' ')}`,
    )
    expect(mines.out.slice(2).join('').split('*')).toHaveLength(6)
  })

  it('deals hilo cards from the published deck order, flips coins, rolls case tickets', () => {
    const deck = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].flatMap((r) =>
      ['♦', '♥', '♠', '♣'].map((s) => r + s),
    )
    const floats = reference(7, 12)
    expect(run(['hilo', ...seeds, '--nonce', '7', '--cards', '12']).out[1]).toBe(
      `cards ${floats.map((f) => deck[Math.floor(f * 52)]).join(' ')}`,
    )
    expect(run(['coinflip', ...seeds, '--nonce', '7', '--flips', '3']).out[1]).toBe(
      `flips ${floats
        .slice(0, 3)
        .map((f) => (f < 0.5 ? 'heads' : 'tails'))
        .join(' ')}`,
    )
    expect(run(['cases', ...seeds, '--nonce', '7']).out[1]).toBe(
      `ticket ${Math.floor(floats[0]! * 100000) + 1}`,
    )
  })

  describe("cases with the opening's item table", () => {
    // A table's canonical text, written out by hand (docs/games.md): 1-50000 the feather,
    // 50001-80000 the key, 80001-100000 the crown.
    const canonical =
      '{"currency":"RUB","format":1,"items":[' +
      '{"id":"feather","name":{"en":"Feather","kz":"Қауырсын","ru":"Перо"},"rarity":"common","tickets":50000,"value":1000},' +
      '{"id":"key","name":{"en":"Old key","kz":"Ескі кілт","ru":"Старый ключ"},"rarity":"rare","tickets":30000,"value":7500},' +
      '{"id":"crown","name":{"en":"Crown","kz":"Тәж","ru":"Корона"},"rarity":"legendary","tickets":20000,"value":20000}]}'
    const hash = createHash('sha256').update(canonical).digest('hex')
    const dir = mkdtempSync(join(tmpdir(), 'tessera-fair-cases-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    // As the service answers GET /api/games/case-tables/<hash>, and the bare canonical text.
    const answer = join(dir, 'answer.json')
    writeFileSync(answer, JSON.stringify({ hash, currency: 'RUB', canonical, items: [] }))
    const bare = join(dir, 'canonical.json')
    writeFileSync(bare, canonical)
    const itemOf = (ticket: number) =>
      ticket <= 50000
        ? { name: 'Feather', value: '₽10.00', x: '0.2000x' }
        : ticket <= 80000
          ? { name: 'Old key', value: '₽75.00', x: '1.5000x' }
          : { name: 'Crown', value: '₽200.00', x: '4.0000x' }

    it('prints each ticket with the item it drew, its value and multiplier, and the payout', () => {
      const tickets = reference(9, 3).map((f) => Math.floor(f * 100000) + 1)
      const { code, out } = run([
        'cases',
        ...seeds,
        '--nonce',
        '9',
        '--count',
        '3',
        '--table',
        answer,
        '--price',
        '50',
      ])
      expect(code).toBe(0)
      expect(out[1]).toBe(`tickets ${tickets.join(', ')}`)
      expect(out.slice(2, 5)).toEqual(
        tickets.map((t) => `ticket ${t}: ${itemOf(t).name}, ${itemOf(t).value} (${itemOf(t).x})`),
      )
      const payout = tickets.reduce((sum, t) => sum + Number(itemOf(t).value.slice(1)), 0)
      expect(out[5]).toBe(`payout ₽${payout.toFixed(2)}`)
      expect(out[6]).toBe(`item table ${hash}`)
    })

    it('reads the bare canonical text too, and leaves the multiplier out without a price', () => {
      const ticket = Math.floor(reference(4, 1)[0]! * 100000) + 1
      const { out } = run(['cases', ...seeds, '--nonce', '4', '--table', bare])
      expect(out.slice(1)).toEqual([
        `ticket ${ticket}`,
        `ticket ${ticket}: ${itemOf(ticket).name}, ${itemOf(ticket).value}`,
        `payout ${itemOf(ticket).value}`,
        `item table ${hash}`,
      ])
    })

    it('refuses a file that is not an item table, a missing file and a price without a table', () => {
      for (const argv of [
        ['--table', join(dir, 'missing.json')],
        ['--table', answer, '--price', '-5'],
        ['--price', '50'],
      ]) {
        const { code, err } = run(['cases', ...seeds, '--nonce', '0', ...argv])
        expect(code, argv.join(' ')).toBe(2)
        expect(err).toContain('Usage:')
      }
      writeFileSync(join(dir, 'bad.json'), canonical.replace('50000', '50001'))
      expect(run(['cases', ...seeds, '--nonce', '0', '--table', join(dir, 'bad.json')]).code).toBe(
        2,
      )
    })
  })

  it('refuses bad input with exit code 2 and the usage', () => {
    for (const argv of [
      ['dice', '--client-seed', 'c', '--nonce', '0'],
      ['dice', ...seeds],
      ['dice', ...seeds, '--nonce', '0', '--target', '99.995'],
      ['dice', ...seeds, '--nonce', '0', '--target', '0'],
      ['dice', ...seeds, '--nonce', '0', '--target', '50', '--direction', 'sideways'],
      ['keno', ...seeds, '--nonce', '0', '--picks', '1,1'],
      ['keno', ...seeds, '--nonce', '0', '--picks', '1', '--risk', 'wild'],
      ['mines', ...seeds, '--nonce', '0', '--mines', '25'],
      ['roulette', ...seeds, '--nonce', '0', '--bogus', 'x'],
    ]) {
      const { code, err } = run(argv)
      expect(code, argv.join(' ')).toBe(2)
      expect(err).toContain('Usage:')
    }
  })
})
