import { Container, Graphics, Text } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { boardLayout, type BoardLayout } from './board'
import { tileStates, type KenoView, type TileState } from './kenoView'

/** Tile fills by state; the page's buttons over them pick a text colour that reads on each. */
const FILL: Record<TileState, number> = {
  idle: 0x283049,
  picked: 0x6a4cff,
  drawn: 0x5a2333,
  hit: 0x22d47b,
}
const RING = { hit: 0xf6c244, card: 0x0c0e16, won: 0x22d47b, lost: 0xaab2c8 }
/** How long a tile's light-up pulse lasts when its number is drawn. */
const PULSE_MS = 260
const PULSE_SCALE = 0.22

/**
 * The keno board: 40 tiles in the colours of their state (picked, drawn, hit), each lighting up
 * with a short pulse as its number arrives, and the result in a pill under the board once the
 * draw is complete. The numbers themselves are the page's buttons over the tiles (board.ts gives both
 * the same layout), so the canvas carries no text a player must read but the result.
 * Draws the `KenoView` it is given and nothing else; `update` returns false on still frames.
 */
export class KenoScene implements Scene<KenoView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #layout: BoardLayout = boardLayout(1, 1)
  #tiles: { box: Container; shape: Graphics }[] = []
  #card: Container | null = null
  #cardShape: Graphics | null = null
  #cardText: Text | null = null
  /** Each tile's drawn state and the layout it was drawn at. */
  #states: (TileState | null)[] = []
  #layoutKey = ''
  /** Time left of each tile's pulse (ms), 0 when still. */
  #pulse: number[] = []
  #revealed = 0
  #betId: string | null = null
  #cardKey = ''
  #last: KenoView | null = null

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const board = new Container({ label: 'keno.board' })
    for (let i = 0; i < 40; i++) {
      const shape = new Graphics({ label: `keno.tile-${i + 1}` })
      const box = new Container()
      box.addChild(shape)
      board.addChild(box)
      this.#tiles.push({ box, shape })
    }
    this.#states = this.#tiles.map(() => null)
    this.#pulse = this.#tiles.map(() => 0)
    this.#cardShape = new Graphics({ label: 'keno.card-shape' })
    this.#cardText = new Text({
      text: '',
      style: { fill: 0xeef1f8, fontSize: 20, fontWeight: '800', align: 'center' },
    })
    this.#cardText.anchor.set(0.5)
    this.#card = new Container({ label: 'keno.card' })
    this.#card.addChild(this.#cardShape, this.#cardText)
    this.#card.visible = false
    stage.addChild(board, this.#card)
  }

  resize(size: SceneSize): void {
    this.#layout = boardLayout(size.width, size.height)
    this.#layoutKey = `${size.width}x${size.height}`
    this.#cardKey = ''
  }

  update(view: KenoView, frame: SceneFrame): boolean {
    this.#last = view
    const still = this.#context?.reducedMotion ?? false
    if (view.betId !== this.#betId) {
      this.#betId = view.betId
      this.#revealed = 0
    }
    // Numbers drawn since the last frame light up: a pulse each, unless motion is reduced.
    const newly = view.drawn.slice(this.#revealed, view.revealed)
    this.#revealed = Math.min(view.revealed, view.drawn.length)
    if (!still) for (const n of newly) this.#pulse[n - 1] = PULSE_MS
    let changed = false
    const states = tileStates(view)
    this.#tiles.forEach((tile, i) => {
      changed = this.#drawTile(i, states[i]!) || changed
      if (this.#pulse[i]! > 0 || tile.box.scale.x !== 1) {
        this.#pulse[i] = Math.max(0, this.#pulse[i]! - frame.deltaMS)
        const t = this.#pulse[i]! / PULSE_MS
        tile.box.scale.set(1 + PULSE_SCALE * t * t)
        changed = true
      }
    })
    return this.#drawCard(view) || changed
  }

  /** Draws tile `i` in `state` at the current layout; false when it already was. */
  #drawTile(i: number, state: TileState): boolean {
    const tile = this.#tiles[i]
    const rect = this.#layout.tiles[i]
    if (!tile || !rect) return false
    const drawnKey = `${state}|${this.#layoutKey}`
    if (tile.shape.label === drawnKey && this.#states[i] === state) return false
    this.#states[i] = state
    tile.shape.label = drawnKey
    const half = rect.size / 2
    // The tile is drawn around its centre so its pulse scales in place.
    tile.box.position.set(rect.x + half, rect.y + half)
    const radius = Math.max(4, rect.size / 8)
    tile.shape.clear().roundRect(-half, -half, rect.size, rect.size, radius).fill(FILL[state])
    if (state === 'hit') {
      tile.shape
        .roundRect(-half + 1.5, -half + 1.5, rect.size - 3, rect.size - 3, radius)
        .stroke({ color: RING.hit, width: 3 })
    }
    return true
  }

  /** Shows the result under the board once the draw is complete; false when unchanged. */
  #drawCard(view: KenoView): boolean {
    const card = this.#card
    const shape = this.#cardShape
    const text = this.#cardText
    if (!card || !shape || !text) return false
    const complete = view.drawn.length > 0 && this.#revealed >= view.drawn.length
    const result = complete ? view.result : null
    const key = result ? `${result.text}|${result.won}|${this.#layoutKey}` : '-'
    if (key === this.#cardKey) return false
    this.#cardKey = key
    card.visible = result !== null
    if (!result) return true
    const band = this.#layout.result
    const fontSize = Math.max(13, Math.min(20, band.height * 0.6, band.width / 22))
    text.text = result.text
    text.style.fontSize = fontSize
    text.style.fill = result.won ? RING.won : RING.lost
    card.position.set(band.x + band.width / 2, band.y + band.height / 2)
    // A pill as wide as the board, not measured from the text: a measure lays the text out again.
    shape
      .clear()
      .roundRect(-band.width / 2, -band.height / 2, band.width, band.height, band.height / 2)
      .fill({ color: RING.card, alpha: 0.7 })
      .stroke({ color: result.won ? RING.won : RING.lost, width: 2 })
    return true
  }

  destroy(): void {
    this.#context = null
    this.#tiles = []
    this.#card = null
    this.#cardShape = null
    this.#cardText = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'keno',
      picks: view ? [...view.picks] : [],
      drawn: view ? view.drawn.slice(0, this.#revealed) : [],
      revealed: this.#revealed,
      betId: view?.betId ?? null,
      result: this.#card?.visible ? (this.#cardText?.text ?? null) : null,
      settled: this.#pulse.every((p) => p === 0),
    }
  }
}
