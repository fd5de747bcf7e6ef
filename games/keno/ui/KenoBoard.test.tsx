import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/keno.json'
import kitEn from '../../../locales/en/kit.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import type { KenoRisk } from '../rules'
import { tileStates } from '../scene/kenoView'
import { KenoBoard } from './KenoBoard'
import { KenoFields } from './KenoFields'
import { KenoPaytable, paytableCells } from './KenoPaytable'
import { autoPick, togglePick } from './picks'

i18nTestEnv({ en: { keno: en, kit: kitEn } })

/** The board, its fields and its pay table as the page wires them, with a fixed random source. */
function Keno({ drawn = [] as number[], revealed = 0 }) {
  const [picks, setPicks] = useState<number[]>([])
  const [risk, setRisk] = useState<KenoRisk>('classic')
  const [count, setCount] = useState(10)
  const view = { picks, drawn, revealed }
  return (
    <>
      <KenoBoard
        states={tileStates(view)}
        full={picks.length >= 10}
        onToggle={(n) => setPicks((now) => togglePick(now, n))}
        table={
          <KenoPaytable
            risk={risk}
            picks={picks.length}
            hits={drawn.length ? 2 : null}
            locale="en"
          />
        }
      />
      <KenoFields
        risk={risk}
        onRisk={setRisk}
        picked={picks.length}
        autoCount={count}
        onAutoCount={setCount}
        onAutoPick={() => setPicks(autoPick(count, () => 0))}
        onClear={() => setPicks([])}
        disabled={false}
      />
    </>
  )
}

const tile = (n: number) => screen.getByTestId(`keno.tile-${n}`)
const pressed = () =>
  [...document.querySelectorAll('[data-testid^="keno.tile-"][aria-pressed="true"]')]
    .map((b) => Number(b.textContent))
    .sort((a, b) => a - b)

describe('keno board', () => {
  it('is a grid of 40 buttons named by their numbers, one tab stop, picked by click', () => {
    render(<Keno />)
    expect(screen.getByRole('grid', { name: en.board.label })).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(5)
    expect(screen.getByRole('button', { name: '17' })).toBe(tile(17))
    const tiles = [...document.querySelectorAll<HTMLElement>('[data-testid^="keno.tile-"]')]
    expect(tiles).toHaveLength(40)
    expect(tiles.filter((b) => b.tabIndex === 0)).toEqual([tile(1)])
    fireEvent.click(tile(17))
    fireEvent.click(tile(3))
    expect(pressed()).toEqual([3, 17])
    fireEvent.click(tile(17))
    expect(pressed()).toEqual([3])
    expect(screen.getByTestId('keno.picked').textContent).toBe('Picked: 1 of 10')
  })

  it('moves the focus with the arrows and keeps one tab stop where it is', () => {
    render(<Keno />)
    tile(1).focus()
    fireEvent.keyDown(tile(1), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tile(2))
    fireEvent.keyDown(tile(2), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(tile(10))
    expect(tile(10).tabIndex).toBe(0)
    expect(tile(1).tabIndex).toBe(-1)
    fireEvent.keyDown(tile(10), { key: 'End', ctrlKey: true })
    expect(document.activeElement).toBe(tile(40))
  })

  it('auto-picks the chosen count, takes no eleventh pick and clears', () => {
    render(<Keno />)
    fireEvent.change(screen.getByTestId('keno.auto-count'), { target: { value: '4' } })
    fireEvent.click(screen.getByTestId('keno.auto-pick'))
    expect(pressed()).toEqual([1, 2, 3, 4])
    fireEvent.change(screen.getByTestId('keno.auto-count'), { target: { value: '10' } })
    fireEvent.click(screen.getByTestId('keno.auto-pick'))
    expect(pressed()).toHaveLength(10)
    expect(tile(11).getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(tile(11))
    expect(pressed()).toHaveLength(10)
    fireEvent.click(screen.getByTestId('keno.clear'))
    expect(pressed()).toEqual([])
    expect(screen.getByTestId('keno.paytable').textContent).toBe(en.paytable.empty)
  })

  it('shows the pay table of the picks and risk, the drawn hit count highlighted', () => {
    render(<Keno drawn={[1, 2, 30, 31, 32, 33, 34, 35, 36, 37]} revealed={10} />)
    fireEvent.click(screen.getByTestId('keno.auto-pick'))
    fireEvent.click(screen.getByTestId('keno.risk-high'))
    const table = screen.getByTestId('keno.paytable')
    expect(table.dataset.risk).toBe('high')
    // High, ten picks: 0-3 hits pay nothing (one cell), then 3.5x for 4 hits... 1000x for 10.
    expect(table.querySelectorAll('li')).toHaveLength(8)
    expect(table.querySelector('[aria-current="true"]')?.getAttribute('data-hits')).toBe('0–3')
    expect(tile(1).dataset.state).toBe('hit')
    expect(tile(30).dataset.state).toBe('drawn')
    expect(tile(3).dataset.state).toBe('picked')
  })
})

describe('pay table cells', () => {
  it('merge the hit counts that pay nothing at the start of a row', () => {
    expect(paytableCells([0, 0, 0, 14_000, 22_500])).toEqual([
      { from: 0, to: 2, multiplier: 0 },
      { from: 3, to: 3, multiplier: 14_000 },
      { from: 4, to: 4, multiplier: 22_500 },
    ])
    expect(paytableCells([7000, 18_500])).toEqual([
      { from: 0, to: 0, multiplier: 7000 },
      { from: 1, to: 1, multiplier: 18_500 },
    ])
  })
})
