import { Container, Graphics, Sprite, Texture } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { MAX_CASES_PER_OPENING } from '../rules'
import {
  SPIN_MS,
  STOP_CELL,
  STRIP_CELLS,
  STRIP_STAGGER_MS,
  spinDuration,
  type CaseStrip,
  type CaseView,
  type StripCell,
} from './caseView'
import { CellTextures, RARITY_COLOURS } from './cellTextures'

const COLOUR = { marker: 0xfacc15 }
/** The cell a strip starts with under the marker: the spin crosses this many cells to the item. */
const START_CELL = 4
const GAP = 6
/** The frame's round label and connection badge sit over the canvas's top: the strips start under them. */
const OVERLAY = 36

/** Where the strips sit for a canvas size and a number of strips (CSS px). */
interface StripLayout {
  readonly rowHeight: number
  readonly cellWidth: number
  /** A cell and the gap after it: the distance from one cell to the next. */
  readonly pitch: number
  readonly top: number
}

function stripLayout(width: number, height: number, count: number): StripLayout {
  const room = height - OVERLAY - 12
  const rowHeight = Math.max(24, Math.min(110, (room - (count - 1) * GAP) / count))
  const cellWidth = Math.max(84, Math.min(150, rowHeight * 1.4, width / 3.2))
  const top = OVERLAY + (room - (count * rowHeight + (count - 1) * GAP)) / 2
  return { rowHeight, cellWidth, pitch: cellWidth + GAP, top }
}

/** One strip's row: a render group, so moving it is one transform and no per-cell work. */
interface Row {
  readonly row: Container
  /** One sprite per cell, showing its item's picture. */
  readonly cells: readonly Sprite[]
  readonly glow: Graphics
}

/**
 * The case strip: one horizontal row of items per case opened, under a marker in the middle.
 * A new opening spins every row and eases each onto its drawn item (the rows start a little
 * apart), which then glows in its rarity colour. Quick open and reduced motion rest at once.
 * Draws the `CaseView` it is given and nothing else; frames at rest are not drawn.
 *
 * Built once in `mount` for the most strips an opening has: a row per strip, each a render group
 * of {@link STRIP_CELLS} sprites. Each item is drawn once into a picture (cellTextures.ts), so an
 * opening only points the sprites at pictures, and a spinning frame only moves the rows, which
 * Pixi applies as each group's transform without touching a cell.
 */
export class CaseScene implements Scene<CaseView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #root: Container | null = null
  #marker: Graphics | null = null
  #rows: Row[] = []
  readonly #pictures = new CellTextures()
  #layout: StripLayout = stripLayout(1, 1, 1)
  /** The strips handed to the rows and the layout they were placed for. */
  #built: readonly CaseStrip[] | null = null
  #layoutKey = ''
  #spinId: string | null = null
  #elapsed = 0
  #duration = 0
  #last: CaseView | null = null
  #drawnAt = -1

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const root = new Container({ label: 'cases.strips' })
    for (let i = 0; i < MAX_CASES_PER_OPENING; i++) {
      const row = new Container({ label: `cases.strip-${i}`, isRenderGroup: true, visible: false })
      const cells = Array.from({ length: STRIP_CELLS }, () => new Sprite(Texture.EMPTY))
      // Drawn white once per layout and tinted with the drawn item's rarity; shown by its alpha,
      // so neither an opening nor a row's landing draws it again or rebuilds the row's draw list.
      const glow = new Graphics({ label: `cases.glow-${i}`, alpha: 0 })
      row.addChild(...cells, glow)
      root.addChild(row)
      this.#rows.push({ row, cells, glow })
    }
    this.#root = root
    this.#marker = new Graphics({ label: 'cases.marker' })
    stage.addChild(root, this.#marker)
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
    const count = Math.min(view.strips.length, this.#rows.length)
    const { width, height, resolution } = this.#size
    const layoutKey = `${width}x${height}@${resolution}:${count}`
    const relaid = layoutKey !== this.#layoutKey
    if (relaid) this.#lay(count, layoutKey)
    const refilled = relaid || view.strips !== this.#built
    if (refilled) this.#fill(view.strips)
    this.#elapsed = Math.min(this.#duration, this.#elapsed + frame.deltaMS)
    // At rest, nothing moves: the frame is drawn only when something changed.
    if (!refilled && this.#drawnAt === this.#elapsed) return false
    this.#drawnAt = this.#elapsed
    for (let i = 0; i < count; i++) {
      const progress = this.#progress(i)
      const row = this.#rows[i]!
      row.row.x = this.#offset(progress)
      row.glow.alpha = progress >= 1 ? 1 : 0
    }
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
    const { pitch, cellWidth } = this.#layout
    return this.#size.width / 2 - (cell * pitch + cellWidth / 2)
  }

  /** Lays the rows and the marker out for `count` strips; the pictures are drawn again. */
  #lay(count: number, layoutKey: string): void {
    const marker = this.#marker
    if (!marker) return
    this.#layoutKey = layoutKey
    const { width, height, resolution } = this.#size
    const layout = stripLayout(width, height, Math.max(1, count))
    this.#layout = layout
    const { rowHeight, cellWidth, pitch, top } = layout
    this.#rows.forEach((row, i) => {
      row.row.visible = i < count
      row.row.y = top + i * (rowHeight + GAP)
      row.cells.forEach((cell, c) => {
        // Off the pictures of the old size before they go; `#fill` points them at new ones.
        cell.texture = Texture.EMPTY
        cell.x = c * pitch
      })
      row.glow
        .clear()
        .roundRect(STOP_CELL * pitch - 3, -3, cellWidth + 6, rowHeight + 6, 10)
        .stroke({ color: 0xffffff, width: 4 })
    })
    this.#pictures.setSize({ width: cellWidth, height: rowHeight, resolution })
    const x = width / 2
    marker
      .clear()
      .rect(x - 1.5, top - 6, 3, height - 2 * top + 12)
      .fill(COLOUR.marker)
      .poly([x - 9, top - 10, x + 9, top - 10, x, top + 2])
      .fill(COLOUR.marker)
  }

  /** Points each shown row's sprites at their items' pictures and rings its drawn item. */
  #fill(strips: readonly CaseStrip[]): void {
    this.#built = strips
    const inUse = new Set<Texture>()
    this.#rows.forEach((row, i) => {
      const strip = strips[i]
      if (!strip) return
      row.cells.forEach((sprite, c) => {
        const item: StripCell | undefined = strip.cells[c]
        const picture = item ? this.#pictures.get(item) : Texture.EMPTY
        sprite.texture = picture
        inUse.add(picture)
      })
      const winner = strip.cells[STOP_CELL]
      row.glow.tint = winner ? RARITY_COLOURS[winner.rarity] : COLOUR.marker
    })
    // Rows not shown hold no picture: `#lay` emptied them when the number of strips changed.
    this.#pictures.prune(inUse)
  }

  destroy(): void {
    // The sprites' pictures are this scene's own textures: the host's teardown leaves textures.
    this.#root?.destroy({ children: true, context: true })
    this.#marker?.destroy({ context: true })
    this.#pictures.clear()
    this.#context = null
    this.#root = null
    this.#marker = null
    this.#rows = []
    this.#built = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'cases',
      strips: view?.strips.length ?? 0,
      spinId: view?.spinId ?? null,
      landed: (view?.strips ?? []).map((_, i) => this.#progress(i) >= 1),
      items: view?.strips.map((s) => s.cells[STOP_CELL]?.label ?? null) ?? [],
    }
  }
}
