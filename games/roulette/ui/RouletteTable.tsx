import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toDecimalString, type Currency, type Minor } from '../../engine/money'
import { colorOf, numbersOf, type RouletteBet } from '../rules'
import { SPOT_KEYS, dozenRange, useBetName } from './names'
import type { Stacks } from './chips'
import {
  POSITIONS,
  moveOnGrid,
  positionIdOf,
  spotAt,
  type Arrow,
  type TablePosition,
} from './table'

const ARROWS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'])

/** A chip's face: the amount in major units, without `.00`. */
export function chipText(amount: Minor, currency: Currency): string {
  return toDecimalString(amount, currency).replace(/\.0+$/, '')
}

/** Props of `RouletteTable`. */
export interface RouletteTableProps {
  currency: Currency | null
  stacks: Stacks
  /** The last spin's pocket, marked on the table; null before the first. */
  pocket: number | null
  /** Places the chosen chip on a position; null: chips cannot be placed (a guest, a spin out). */
  onPlace: ((id: string) => void) | null
}

/** Where each outside position sits on the table's CSS grid (row, column, span). */
function outsideArea(position: TablePosition): { gridRow: string; gridColumn: string } {
  const spot = position.spot
  if (spot.kind === 'dozen') {
    return { gridRow: `${8 * spot.index - 5} / span ${spot.index === 3 ? 7 : 8}`, gridColumn: '7' }
  }
  if (spot.kind === 'column') return { gridRow: '26', gridColumn: String(2 * spot.index) }
  const order = ['low', 'even', 'red', 'black', 'odd', 'high'].indexOf(spot.kind)
  return { gridRow: `${4 * order + 3} / span ${order === 5 ? 3 : 4}`, gridColumn: '8' }
}

/**
 * The European table as a grid of buttons, upright (0 on top, 12 rows of 3; `table.ts`): a button
 * for every number and, between them, for every split, corner, street and six line, with the
 * outside bets beside. It is one stop in the tab order: the arrow keys move one cell at a time
 * (so every edge and corner is reachable), Enter or Space places the chip; Tab moves on to the
 * outside bets. Each stack of chips is drawn on its position and named in its button's label.
 */
export function RouletteTable({ currency, stacks, pocket, onPlace }: RouletteTableProps) {
  const { t } = useTranslation()
  const [focus, setFocus] = useState({ x: 0, y: 2 })
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const grid = useRef<HTMLDivElement>(null)
  const focusedId = positionIdOf(spotAt(focus.x, focus.y) ?? { kind: 'straight', numbers: [1] })
  useEffect(() => {
    // Follow the arrow keys only while the keyboard is on the table.
    if (grid.current?.contains(document.activeElement)) buttons.current.get(focusedId)?.focus()
  }, [focusedId])

  const onKeyDown = (event: KeyboardEvent) => {
    if (!ARROWS.has(event.key)) return
    event.preventDefault()
    setFocus((at) => moveOnGrid(at, event.key as Arrow))
  }
  const betName = useBetName()
  const nameOf = (position: TablePosition) => {
    const name = betName(position.spot)
    const stack = stacks[position.id]
    return stack && currency
      ? t('roulette:table.stacked', { name, amount: chipText(stack, currency) })
      : name
  }
  const button = (position: TablePosition, style: object, text: string, className: string) => {
    const stack = stacks[position.id]
    const hit =
      pocket !== null && numbersOf({ ...position.spot, amount: 1 } as RouletteBet).includes(pocket)
    return (
      <button
        key={position.id}
        ref={(node) => {
          if (node) buttons.current.set(position.id, node)
          else buttons.current.delete(position.id)
        }}
        type="button"
        className={`roulette-spot ${className}${hit && position.spot.kind === 'straight' ? ' roulette-spot--hit' : ''}`}
        style={style}
        data-testid={`roulette.spot-${position.id}`}
        aria-label={nameOf(position)}
        aria-disabled={onPlace === null}
        onClick={() => {
          if (position.cell) setFocus({ x: position.cell.x, y: position.cell.y })
          onPlace?.(position.id)
        }}
        {...(position.cell ? { tabIndex: position.id === focusedId ? 0 : -1, onKeyDown } : {})}
      >
        {text}
        {stack && currency ? (
          <span className="roulette-chip roulette-chip--stack" aria-hidden="true">
            {chipText(stack, currency)}
          </span>
        ) : null}
      </button>
    )
  }
  const inside = POSITIONS.filter((p) => p.cell !== null)
  const outside = POSITIONS.filter((p) => p.cell === null)
  return (
    <div className="roulette-table">
      <p id="roulette-table-hint" className="roulette-table__hint">
        {t('roulette:table.hint')}
      </p>
      <div
        ref={grid}
        role="group"
        className="roulette-table__grid"
        aria-label={t('roulette:table.label')}
        aria-describedby="roulette-table-hint"
        data-testid="roulette.table"
      >
        {inside.map((position) => {
          const { x, y } = position.cell!
          const spot = position.spot
          const zero = y === 0
          const number = spot.kind === 'straight' ? spot.numbers[0]! : null
          const style = zero
            ? { gridRow: '1', gridColumn: '2 / span 5' }
            : { gridRow: String(y + 1), gridColumn: String(x + 2) }
          const className =
            number !== null
              ? `roulette-spot--number roulette-spot--${colorOf(number)}`
              : 'roulette-spot--edge'
          return button(position, style, number !== null ? String(number) : '', className)
        })}
        {outside.map((position) => {
          const spot = position.spot
          const text =
            spot.kind === 'dozen'
              ? dozenRange(spot.index)
              : spot.kind === 'column'
                ? '2:1'
                : t(SPOT_KEYS[spot.kind], { numbers: '', index: '' })
          return button(
            position,
            outsideArea(position),
            text,
            `roulette-spot--outside roulette-spot--${spot.kind}`,
          )
        })}
      </div>
    </div>
  )
}
