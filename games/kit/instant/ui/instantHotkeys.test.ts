import { describe, expect, it } from 'vitest'
import { keyPress } from '../../testing/keyPress'
import { shortcutOf } from './instantHotkeys'

const press = (code: string, key: string, tag?: string, extra?: Partial<KeyboardEvent>) =>
  shortcutOf(keyPress(code, key, tag, extra))

describe('instant shortcuts', () => {
  it('maps Space, the amount keys and ? on the page', () => {
    expect(press('Space', ' ')).toEqual({ kind: 'bet' })
    expect(press('KeyS', 's')).toEqual({ kind: 'amount', action: 'half' })
    expect(press('KeyD', 'd')).toEqual({ kind: 'amount', action: 'double' })
    expect(press('KeyA', 'a')).toEqual({ kind: 'amount', action: 'min' })
    expect(press('KeyF', 'f')).toEqual({ kind: 'amount', action: 'max' })
    expect(press('Slash', '?')).toEqual({ kind: 'help' })
  })

  it('leaves typing in fields, Space on buttons, held keys and modified keys alone', () => {
    expect(press('KeyS', 's', 'INPUT')).toBeNull()
    expect(press('Space', ' ', 'BUTTON')).toBeNull()
    expect(press('KeyD', 'd', 'BUTTON')).toEqual({ kind: 'amount', action: 'double' })
    expect(press('Space', ' ', 'BODY', { repeat: true })).toBeNull()
    expect(press('KeyA', 'a', 'BODY', { ctrlKey: true })).toBeNull()
    expect(press('KeyX', 'x')).toBeNull()
  })
})
