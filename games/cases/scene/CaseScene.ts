import { BitmapText, Container, Graphics } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import type { Rarity } from '../rules'
import {
  SPIN_MS,
  STOP_CELL,
  STRIP_STAGGER_MS,
  spinDuration,
  type CaseStrip,
  type CaseView,
} from './caseView'

/** Each rarity's colour, least rare first: grey, blue, violet, pink, gold. */
export const RARITY_COLOURS: Readonly<Record<Rarity, number>> = {
  common: 0x94a3b8,
  uncommon: 0x3b82f6,
  rare: 0x8b5cf6,
  epic: 0xec4899,
  legendary: 0xf59e0b,
}
const COLOUR = { cell: 0x1e293b, back: 0x0f172a, marker: 0xfacc15, text: 0xf8fafc }
/** The cell a strip starts with under the marker: the spin crosses this many cells to the item. */
const START_CELL = 4
const GAP = 6
/** The frame's round label and connection badge sit over the canvas's top: the strips start under them. */
const OVERLAY = 36
const FONT = 'system-ui, sans-serif'

interface StripParts {
  readonly row: Container
  readonly glow: Graphics
}

/**
 * The case strip: one horizontal row of items per case opened, under a marker in the middle.
 * A new opening spins every row and eases each onto its drawn item (the rows start a little
 * apart), which then glows in its rarity colour. Quick open and reduced motion rest at once.
 * Draws the `CaseView` it is given and nothing else; frames at rest are not drawn.
 */
export class CaseScene implements Scene<CaseView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #root: Container | null = null
  #marker: Graphics | null = null
  #strips: StripParts[] = []
  /** The strips drawn and the layout they were drawn for. */
  #built: readonly CaseStrip[] | null = null
  #layoutKey = ''
  #spinId: string | null = null
  #elapsed = 0
  #duration = 0
  #cellWidth = 1
  #last: CaseView | null = null
  #drawnAt = -1

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#root = new Container({ label: 'cases.strips' })
    this.#marker = new Graphics({ label: 'cases.marker' })
    stage.addChild(this.#root, this.#marker)
  }

  resize(size: SceneSize): void {
    this.#size = size
    this.#layoutKey = ''
  }

  update(view: CaseView, frame: SceneFrame): boolean {
    this.#last = view
    if (view.spinId !== this.#spinId) {
      this.#spinId = view.spinId
      const still = view.instant || view.spinId === null || (this.#context?.reducedMotion ?? false)
      this.#duration = spinDuration(view.strips.length)
      this.#elapsed = still ? this.#duration : 0
      this.#drawnAt = -1
    } else if (this.#context?.reducedMotion) {
      this.#elapsed = this.#duration
    }
    const layoutKey = `${this.#size.width}x${this.#size.height}`
    const rebuilt = view.strips !== this.#built || layoutKey !== this.#layoutKey
    if (rebuilt) this.#build(view.strips, layoutKey)
    this.#elapsed = Math.min(this.#duration, this.#elapsed + frame.deltaMS)
    // At rest, nothing moves: the frame is drawn only when something changed.
    if (!rebuilt && this.#drawnAt === this.#elapsed) return false
    this.#drawnAt = this.#elapsed
    this.#strips.forEach((strip, i) => {
      const progress = this.#progress(i)
      strip.row.x = this.#offset(progress)
      strip.glow.visible = progress >= 1
    })
    return true
  }

  /** Strip `i`'s progress, 0…1: it starts `i` staggers late and spins {@link SPIN_MS}. */
  #progress(i: number): number {
    return Math.max(0, Math.min(1, (this.#elapsed - i * STRIP_STAGGER_MS) / SPIN_MS))
  }

  /** The row's x at `progress`, eased out (fast, then slowing onto the item). */
  #offset(progress: number): number {
    const eased = 1 - (1 - progress) ** 4
    const cell = START_CELL + (STOP_CELL - START_CELL) * eased
    return this.#size.width / 2 - (cell * this.#cellWidth + (this.#cellWidth - GAP) / 2)
  }

  #build(strips: readonly CaseStrip[], layoutKey: string): void {
    const root = this.#root
    const marker = this.#marker
    if (!root || !marker) return
    this.#built = strips
    this.#layoutKey = layoutKey
    for (const old of root.removeChildren()) old.destroy({ children: true, context: true })
    const { width, height } = this.#size
    const count = Math.max(1, strips.length)
    const room = height - OVERLAY - 12
    const rowHeight = Math.max(24, Math.min(110, (room - (count - 1) * GAP) / count))
    const cellWidth = Math.max(84, Math.min(150, rowHeight * 1.4, width / 3.2))
    this.#cellWidth = cellWidth + GAP
    const top = OVERLAY + (room - (count * rowHeight + (count - 1) * GAP)) / 2
    this.#strips = strips.map((strip, i) => {
      const row = new Container({ label: `cases.strip-${i}` })
      row.y = top + i * (rowHeight + GAP)
      const cells = new Graphics()
      row.addChild(cells)
      strip.cells.forEach((cell, c) => {
        const x = c * this.#cellWidth
        const colour = RARITY_COLOURS[cell.rarity]
        cells
          .roundRect(x, 0, cellWidth, rowHeight, 8)
          .fill(COLOUR.cell)
          .roundRect(x, rowHeight - 6, cellWidth, 6, 3)
          .fill(colour)
          .roundRect(x + 1, 1, cellWidth - 2, rowHeight - 2, 8)
          .stroke({ color: colour, width: 2, alpha: 0.55 })
        const label = new BitmapText({
          text: cell.label,
          style: { fontFamily: FONT, fontSize: 28, fontWeight: '600', fill: 0xffffff },
        })
        label.tint = COLOUR.text
        // Fitted by an estimate of the name's width (~0.55 em a glyph), not by measuring: a
        // measure lays the glyphs out at once, and a five-strip opening builds 240 labels.
        const fit = Math.min(
          0.5,
          (rowHeight - 6) / 28 / 2.2,
          (cellWidth - 14) / (Math.max(1, cell.label.length) * 28 * 0.66),
        )
        label.scale.set(fit)
        label.anchor.set(0.5)
        label.position.set(x + cellWidth / 2, (rowHeight - 6) / 2)
        row.addChild(label)
      })
      const winner = strip.cells[STOP_CELL]
      const glow = new Graphics({ label: `cases.glow-${i}` })
        .roundRect(STOP_CELL * this.#cellWidth - 3, -3, cellWidth + 6, rowHeight + 6, 10)
        .stroke({ color: winner ? RARITY_COLOURS[winner.rarity] : COLOUR.marker, width: 4 })
      glow.visible = false
      row.addChild(glow)
      root.addChild(row)
      return { row, glow }
    })
    const x = width / 2
    marker
      .clear()
      .rect(x - 1.5, top - 6, 3, height - 2 * top + 12)
      .fill(COLOUR.marker)
      .poly([x - 9, top - 10, x + 9, top - 10, x, top + 2])
      .fill(COLOUR.marker)
  }

  destroy(): void {
    this.#context = null
    this.#root = null
    this.#marker = null
    this.#strips = []
    this.#built = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'cases',
      strips: view?.strips.length ?? 0,
      spinId: view?.spinId ?? null,
      landed: this.#strips.map((_, i) => this.#progress(i) >= 1),
      items: view?.strips.map((s) => s.cells[STOP_CELL]?.label ?? null) ?? [],
    }
  }
}
