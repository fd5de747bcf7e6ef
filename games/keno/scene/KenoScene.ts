import { Container, Graphics, GraphicsContext } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { ResultCard, type ResultCardStyle } from '../../engine/canvas/resultCard'
import { boardLayout, type BoardLayout } from './board'
import { tileStates, type KenoView, type TileState } from './kenoView'

/** Tile fills by state; the page's buttons over them pick a text colour that reads on each. */
const FILL: Record<TileState, number> = {
  idle: 0x283049,
  picked: 0x6a4cff,
  drawn: 0x5a2333,
  hit: 0x22d47b,
}
const RING = { hit: 0xf6c244 }
/** The result's pill, in the band under the board. */
const CARD = {
  label: 'keno',
  fill: 0x0c0e16,
  fillAlpha: 0.7,
  won: 0x22d47b,
  lost: 0xaab2c8,
  fontSize: { min: 13, max: 20, ofHeight: 0.6, widthPer: 22 },
} satisfies ResultCardStyle
/** How long a tile's light-up pulse lasts when its number is drawn. */
const PULSE_MS = 260
const PULSE_SCALE = 0.22

/**
 * The keno board: 40 tiles in the colours of their state (picked, drawn, hit), each lighting up
 * with a short pulse as its number arrives, and the result in a pill under the board once the
 * draw is complete. The numbers themselves are the page's buttons over the tiles (board.ts gives both
 * the same layout), so the canvas carries no text a player must read but the result.
 * Draws the `KenoView` it is given and nothing else; `update` returns false on still frames.
 *
 * Shapes are drawn only when the layout changes: every tile shares one white square and one ring
 * (two shared contexts), a tile's state is its square's tint and its ring's alpha, and the result's
 * pill and edge are drawn once and tinted. A frame of the draw then changes colours and a pulse's
 * scale, which Pixi updates in place, and the board and the result are render groups of their own,
 * so the result's new text never rebuilds the board's draw list.
 */
export class KenoScene implements Scene<KenoView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #layout: BoardLayout = boardLayout(1, 1)
  #tiles: { box: Container; shape: Graphics; ring: Graphics }[] = []
  /** The one square and the one ring every tile shows, drawn for the current layout. */
  #tileSquare: GraphicsContext | null = null
  #tileRing: GraphicsContext | null = null
  #card: ResultCard | null = null
  /** Each tile's shown state. */
  #states: (TileState | null)[] = []
  #layoutKey = ''
  #tilesLaidFor = ''
  /** Time left of each tile's pulse (ms), 0 when still. */
  #pulse: number[] = []
  #revealed = 0
  #betId: string | null = null
  #last: KenoView | null = null

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const board = new Container({ label: 'keno.board', isRenderGroup: true })
    this.#tileSquare = new GraphicsContext()
    this.#tileRing = new GraphicsContext()
    for (let i = 0; i < 40; i++) {
      const shape = new Graphics({ label: `keno.tile-${i + 1}`, context: this.#tileSquare })
      // Shown by its alpha: a hit changes a colour, not the board's draw list.
      const ring = new Graphics({ context: this.#tileRing, alpha: 0 })
      const box = new Container()
      box.addChild(shape, ring)
      board.addChild(box)
      this.#tiles.push({ box, shape, ring })
    }
    this.#states = this.#tiles.map(() => null)
    this.#pulse = this.#tiles.map(() => 0)
    this.#card = new ResultCard(CARD)
    stage.addChild(board, this.#card.view)
  }

  resize(size: SceneSize): void {
    this.#layout = boardLayout(size.width, size.height)
    this.#layoutKey = `${size.width}x${size.height}`
    this.#card?.invalidate()
  }

  update(view: KenoView, frame: SceneFrame): boolean {
    const still = this.#context?.reducedMotion ?? false
    if (view.betId !== this.#betId) {
      this.#betId = view.betId
      this.#revealed = 0
    }
    // Numbers drawn since the last frame light up: a pulse each, unless motion is reduced.
    const newly = view.drawn.slice(this.#revealed, view.revealed)
    const revealed = Math.min(view.revealed, view.drawn.length)
    let changed = this.#layTiles()
    // The tiles' states change only with the view or the reveal (or a new layout).
    if (changed || view !== this.#last || revealed !== this.#revealed) {
      this.#revealed = revealed
      if (!still) for (const n of newly) this.#pulse[n - 1] = PULSE_MS
      const states = tileStates(view)
      for (let i = 0; i < this.#tiles.length; i++)
        changed = this.#showTile(i, states[i]!) || changed
    }
    this.#last = view
    this.#tiles.forEach((tile, i) => {
      if (this.#pulse[i]! > 0 || tile.box.scale.x !== 1) {
        this.#pulse[i] = Math.max(0, this.#pulse[i]! - frame.deltaMS)
        const t = this.#pulse[i]! / PULSE_MS
        tile.box.scale.set(1 + PULSE_SCALE * t * t)
        changed = true
      }
    })
    return this.#drawCard(view) || changed
  }

  /** Draws the shared square and ring and places the tiles for a new layout; false if unchanged. */
  #layTiles(): boolean {
    const square = this.#tileSquare
    const ring = this.#tileRing
    if (!square || !ring || this.#tilesLaidFor === this.#layoutKey) return false
    this.#tilesLaidFor = this.#layoutKey
    // Every tile is the same size: the tile is drawn around its centre so its pulse scales in place.
    const size = this.#layout.tiles[0]?.size ?? 1
    const half = size / 2
    const radius = Math.max(4, size / 8)
    square.clear().roundRect(-half, -half, size, size, radius).fill(0xffffff)
    ring
      .clear()
      .roundRect(-half + 1.5, -half + 1.5, size - 3, size - 3, radius)
      .stroke({ color: RING.hit, width: 3 })
    this.#tiles.forEach((tile, i) => {
      const rect = this.#layout.tiles[i]
      if (rect) tile.box.position.set(rect.x + half, rect.y + half)
    })
    return true
  }

  /** Shows tile `i` in `state`: its square's colour and its ring; false when it already was. */
  #showTile(i: number, state: TileState): boolean {
    const tile = this.#tiles[i]
    if (!tile || this.#states[i] === state) return false
    this.#states[i] = state
    tile.shape.tint = FILL[state]
    tile.ring.alpha = state === 'hit' ? 1 : 0
    return true
  }

  /** Shows the result under the board once the draw is complete; false when unchanged. */
  #drawCard(view: KenoView): boolean {
    const complete = view.drawn.length > 0 && this.#revealed >= view.drawn.length
    const result = complete ? view.result : null
    return this.#card?.show(result, this.#layout.result, this.#layoutKey) ?? false
  }

  destroy(): void {
    // The tiles share two contexts: destroyed here once, not through each tile by the host.
    for (const tile of this.#tiles) {
      tile.shape.destroy()
      tile.ring.destroy()
    }
    this.#tileSquare?.destroy()
    this.#tileRing?.destroy()
    this.#context = null
    this.#tiles = []
    this.#tileSquare = null
    this.#tileRing = null
    this.#card = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'keno',
      picks: view ? [...view.picks] : [],
      drawn: view ? view.drawn.slice(0, this.#revealed) : [],
      revealed: this.#revealed,
      betId: view?.betId ?? null,
      result: this.#card?.shown ?? null,
      settled: this.#pulse.every((p) => p === 0),
    }
  }
}
