import {
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import type { TileRect } from '../../engine/canvas/frameBox'

/** Where a key moves the focus from a cell (a game's `moveGridFocus` for its grid), or null. */
export type MoveCellFocus = (index: number, key: string, ctrl: boolean) => number | null

/** What a board's cell button spreads on: its ref, its tab stop and its arrow keys. */
export interface BoardCellProps {
  ref: (element: HTMLButtonElement | null) => void
  tabIndex: 0 | -1
  onFocus: () => void
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void
}

/**
 * A board of buttons over a canvas grid, as `useBoardGrid` gives it. Destructure it: React's
 * compiler lint takes an object holding a ref for a ref, and a call on it in render for a read.
 */
export interface BoardGrid {
  /** For the element over the canvas: the box the scene lays its board out in too. */
  readonly box: RefObject<HTMLDivElement | null>
  /** That box's size (CSS px), 0 × 0 until measured: for the game's board layout. */
  readonly size: { readonly width: number; readonly height: number }
  /** The props of cell `index`'s button. */
  readonly cellProps: (index: number) => BoardCellProps
}

/**
 * A board of buttons over the scene's tiles (keno's numbers, miner's tiles): measures the box the
 * buttons and the canvas share, so the game's board layout places both alike, and keeps the ARIA
 * grid's one tab stop (starting on `firstFocus`), which the arrow keys move as `move` says.
 */
export function useBoardGrid(move: MoveCellFocus, firstFocus: number): BoardGrid {
  const ref = useRef<HTMLDivElement>(null)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const [size, setSize] = useState({ width: 0, height: 0 })
  const [focus, setFocus] = useState(firstFocus)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight })
    measure()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = move(index, event.key, event.ctrlKey)
    if (next === null) return
    event.preventDefault()
    setFocus(next)
    buttons.current[next]?.focus()
  }
  return {
    box: ref,
    size,
    cellProps: (index) => ({
      ref: (element) => {
        buttons.current[index] = element
      },
      tabIndex: index === focus ? 0 : -1,
      onFocus: () => setFocus(index),
      onKeyDown: (event) => onKeyDown(event, index),
    }),
  }
}

/** A cell button's place over its tile (none before the box is measured and laid out). */
export function tileStyle(rect: TileRect | undefined): CSSProperties | undefined {
  return rect ? { left: rect.x, top: rect.y, width: rect.size, height: rect.size } : undefined
}
