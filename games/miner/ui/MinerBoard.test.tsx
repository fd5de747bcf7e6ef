import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/miner.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { tileFaces } from '../scene/minerView'
import { MinerBoard } from './MinerBoard'
import { MinerFields } from './MinerFields'

i18nTestEnv({ en: { miner: en } })

/** The board as the page wires it: a click reveals a tile at once (the server's answer faked). */
function Miner({ onStep, locked = false }: { onStep: (tile: number) => void; locked?: boolean }) {
  const [revealed, setRevealed] = useState<number[]>([])
  const [mines, setMines] = useState(3)
  const faces = tileFaces({ revealed, hit: [], board: null, pending: [] })
  return (
    <>
      <MinerBoard
        faces={faces}
        onReveal={
          locked
            ? null
            : (tile) => {
                onStep(tile)
                setRevealed((now) => [...now, tile])
              }
        }
      />
      <MinerFields mines={mines} onMines={setMines} disabled={locked} />
    </>
  )
}

const tile = (n: number) => screen.getByTestId(`miner.tile-${n}`)

describe('miner board', () => {
  it('is a grid of 25 tiles named by row and column, with one tab stop', () => {
    render(<Miner onStep={() => {}} />)
    // Read from the DOM, not by role queries: computing every button's name is slow in jsdom.
    const grid = screen.getByTestId('miner.board')
    expect(grid.getAttribute('role')).toBe('grid')
    expect(grid.getAttribute('aria-label')).toBe(en.board.label)
    expect(grid.querySelectorAll('[role="row"]')).toHaveLength(5)
    const buttons = [...grid.querySelectorAll('button')]
    expect(buttons).toHaveLength(25)
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([tile(12)])
    expect(tile(7).getAttribute('aria-label')).toBe('Row 2, column 3')
  })

  it('reveals a tile in one step by a click, and not again once it shows a gem', () => {
    const onStep = vi.fn()
    render(<Miner onStep={onStep} />)
    fireEvent.click(tile(7))
    expect(onStep).toHaveBeenCalledWith(7)
    expect(tile(7).getAttribute('aria-label')).toBe('Row 2, column 3: gem')
    expect(tile(7).getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(tile(7))
    expect(onStep).toHaveBeenCalledTimes(1)
  })

  it('moves the focus by the arrow keys and reveals the focused tile with Enter', () => {
    const onStep = vi.fn()
    render(<Miner onStep={onStep} />)
    // The centre tile holds the tab stop: the shortest way to every tile.
    tile(12).focus()
    fireEvent.keyDown(tile(12), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tile(13))
    fireEvent.keyDown(tile(13), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(tile(18))
    expect(tile(18).tabIndex).toBe(0)
    expect(tile(12).tabIndex).toBe(-1)
    fireEvent.keyDown(tile(18), { key: 'End', ctrlKey: true })
    expect(document.activeElement).toBe(tile(24))
    // A button's own Enter and Space are its click: the step goes as a click's does.
    fireEvent.click(document.activeElement!)
    expect(onStep).toHaveBeenCalledWith(24)
  })

  it('takes no step while none may go, and locks the mine count with it', () => {
    const onStep = vi.fn()
    render(<Miner onStep={onStep} locked />)
    expect(screen.getByTestId('miner.board').getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(tile(0))
    expect(onStep).not.toHaveBeenCalled()
    expect((screen.getByTestId('miner.mines') as HTMLSelectElement).disabled).toBe(true)
  })

  it('offers 1 to 24 mines and says how many gems the board then has', () => {
    render(<Miner onStep={() => {}} />)
    const select = screen.getByTestId('miner.mines') as HTMLSelectElement
    expect(select.options).toHaveLength(24)
    expect(screen.getByTestId('miner.gems').textContent).toBe('Gems on the board: 22')
    fireEvent.change(select, { target: { value: '24' } })
    expect(screen.getByTestId('miner.gems').textContent).toBe('Gems on the board: 1')
    expect(screen.getByLabelText(en.fields.mines)).toBe(select)
  })
})
