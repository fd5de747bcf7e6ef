import { describe, expect, it } from 'vitest'
import { keyPress } from '../../testing/keyPress'
import { shortcutIn } from '../../ui/hotkeys'
import { statefulShortcuts, type GameShortcut } from './statefulHotkeys'

const press = (
  table: ReturnType<typeof statefulShortcuts>,
  code: string,
  key: string,
  tag?: string,
) => shortcutIn(table, keyPress(code, key, tag))

/** Hilo-like keys: the arrows guess. */
const guesses: GameShortcut[] = [
  { key: '↑', match: 'ArrowUp', id: 'higher', label: 'hilo:keys.higher' },
  { key: '↓', match: 'ArrowDown', id: 'lower', label: 'hilo:keys.lower' },
]

describe('stateful shortcuts', () => {
  it("maps the kit's keys and the game's own after them", () => {
    const table = statefulShortcuts(guesses, { random: false })
    expect(press(table, 'Space', ' ')).toEqual({ kind: 'main' })
    expect(press(table, 'KeyC', 'c')).toEqual({ kind: 'cashout' })
    expect(press(table, 'KeyD', 'd')).toEqual({ kind: 'amount', action: 'double' })
    expect(press(table, 'Slash', '?')).toEqual({ kind: 'help' })
    expect(press(table, 'ArrowUp', 'ArrowUp')).toEqual({ kind: 'game', id: 'higher' })
    expect(press(table, 'ArrowDown', 'ArrowDown')).toEqual({ kind: 'game', id: 'lower' })
    expect(press(table, 'KeyR', 'r')).toBeNull()
    expect(table.map((s) => s.label)).toContain('hilo:keys.higher')
  })

  it('has R for a random pick only in a game that has one', () => {
    expect(press(statefulShortcuts([], { random: true }), 'KeyR', 'r')).toEqual({ kind: 'random' })
  })

  it('leaves fields and buttons their own keys', () => {
    const table = statefulShortcuts(guesses, { random: true })
    expect(press(table, 'KeyC', 'c', 'INPUT')).toBeNull()
    expect(press(table, 'Space', ' ', 'BUTTON')).toBeNull()
    expect(press(table, 'ArrowUp', 'ArrowUp', 'TEXTAREA')).toBeNull()
  })

  it("refuses a game's key that is one of the kit's", () => {
    expect(() =>
      statefulShortcuts([{ key: 'C', match: 'KeyC', id: 'coin', label: 'x' }], { random: false }),
    ).toThrow(/the game's key "C" is one of the kit's/)
    expect(() =>
      statefulShortcuts([{ key: 'R', match: 'KeyR', id: 'red', label: 'x' }], { random: true }),
    ).toThrow(/is one of the kit's/)
    expect(() => statefulShortcuts(guesses.concat(guesses), { random: false })).toThrow()
  })
})
