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
import { MINES_TILES } from '../rules'
import { boardLayout, type BoardLayout } from './board'
import { isShown, tileFaces, type MinerSceneView, type TileFace } from './minerView'

/** Tile fills by face; the page's buttons over them carry the names and the focus ring. */
const FILL: Record<TileFace, number> = {
  hidden: 0x2f3a56,
  pending: 0x46557d,
  picked: 0x3f63c8,
  gem: 0x101828,
  mine: 0x4a1522,
  gemDim: 0x1a2233,
  mineDim: 0x1a2233,
}
/** How much of its icon a face shows (a dimmed tile shows it faintly; a covered one, none). */
const ICON_ALPHA: Record<TileFace, number> = {
  hidden: 0,
  pending: 0,
  picked: 0,
  gem: 1,
  mine: 1,
  gemDim: 0.35,
  mineDim: 0.35,
}
const COLOUR = { gem: 0x22d47b, mine: 0xff4d5e }
/** The result's pill across the board's middle row. */
const CARD = {
  label: 'miner',
  fill: 0x0c0e16,
  fillAlpha: 0.85,
  won: 0x22d47b,
  lost: 0xaab2c8,
  fontSize: { min: 13, max: 24, ofHeight: 0.5, widthPer: 16 },
} satisfies ResultCardStyle
/** A reveal flips the tile over: it narrows to its edge, shows its new face and widens again. */
const FLIP_MS = 240
/** The rest of the board fades in once the round has ended. */
const FADE_MS = 300

interface Tile {
  box: Container
  shape: Graphics
  gem: Graphics
  mine: Graphics
  ring: Graphics
}

/**
 * The miner board: 25 tiles, each flipping over to a gem or a mine as the server reveals it,
 * the rest of the board fading in, dimmed, when the round ends, and the result in a pill over the
 * board once every flip is done. With instant play or reduced motion the faces change at once.
 * Draws the `MinerSceneView` it is given and nothing else; `update` returns false on still frames.
 *
 * Shapes are drawn only when the layout changes: every tile shares one square, one gem, one mine
 * and one ring (four shared contexts), and a tile's face is its square's tint and its icons'
 * alpha, so a frame of a reveal changes colours and a scale, which Pixi updates in place.
 */
export class MinerScene implements Scene<MinerSceneView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #layout: BoardLayout = boardLayout(1, 1)
  #layoutKey = ''
  #tilesLaidFor = ''
  #tiles: Tile[] = []
  #shared: GraphicsContext[] = []
  /** Each tile's face on screen, and the face a running flip turns it to. */
  #faces: TileFace[] = []
  #targets: TileFace[] = []
  /** Time left of each tile's flip or fade (ms), 0 when still. */
  #flip: number[] = []
  #fade: number[] = []
  #roundId: string | null = null
  #card: ResultCard | null = null
  #last: MinerSceneView | null = null

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const board = new Container({ label: 'miner.board', isRenderGroup: true })
    const [square, gem, mine, ring] = [0, 1, 2, 3].map(() => new GraphicsContext())
    this.#shared = [square!, gem!, mine!, ring!]
    for (let i = 0; i < MINES_TILES; i++) {
      const tile = {
        box: new Container(),
        shape: new Graphics({ label: `miner.tile-${i}`, context: square! }),
        // Shown by their alpha: a reveal changes numbers, not the board's draw list.
        gem: new Graphics({ context: gem!, alpha: 0 }),
        mine: new Graphics({ context: mine!, alpha: 0 }),
        ring: new Graphics({ context: ring!, alpha: 0 }),
      }
      tile.box.addChild(tile.shape, tile.gem, tile.mine, tile.ring)
      board.addChild(tile.box)
      this.#tiles.push(tile)
    }
    this.#faces = this.#tiles.map(() => 'hidden')
    this.#targets = this.#tiles.map(() => 'hidden')
    this.#flip = this.#tiles.map(() => 0)
    this.#fade = this.#tiles.map(() => 0)
    this.#tiles.forEach((_, i) => this.#paint(i))
    this.#card = new ResultCard(CARD)
    stage.addChild(board, this.#card.view)
  }

  resize(size: SceneSize): void {
    this.#layout = boardLayout(size.width, size.height)
    this.#layoutKey = `${size.width}x${size.height}`
    this.#card?.invalidate()
  }

  update(view: MinerSceneView, frame: SceneFrame): boolean {
    let changed = this.#layTiles()
    const still = view.instant || (this.#context?.reducedMotion ?? false)
    const fresh = view.roundId !== this.#roundId
    this.#roundId = view.roundId
    if (changed || fresh || view !== this.#last) {
      const faces = tileFaces(view)
      for (let i = 0; i < faces.length; i++)
        changed = this.#turn(i, faces[i]!, still || fresh) || changed
    }
    this.#last = view
    for (let i = 0; i < this.#tiles.length; i++)
      changed = this.#animate(i, frame.deltaMS) || changed
    return this.#drawCard(view) || changed
  }

  /** Sends tile `i` towards `face`: a flip or a fade unless `now`; false when nothing changes. */
  #turn(i: number, face: TileFace, now: boolean): boolean {
    if (this.#targets[i] === face) return false
    this.#targets[i] = face
    const from = this.#faces[i]!
    if (now || !isShown(face) || isShown(from)) {
      this.#flip[i] = 0
      this.#fade[i] = 0
      this.#faces[i] = face
    } else if (face === 'gem' || face === 'mine') {
      this.#flip[i] = FLIP_MS
    } else {
      this.#faces[i] = face
      this.#fade[i] = FADE_MS
    }
    this.#paint(i)
    return true
  }

  /** One frame of tile `i`'s flip or fade; false when it is still. */
  #animate(i: number, deltaMS: number): boolean {
    const tile = this.#tiles[i]!
    if (this.#flip[i]! > 0) {
      this.#flip[i] = Math.max(0, this.#flip[i]! - deltaMS)
      const t = 1 - this.#flip[i]! / FLIP_MS
      // Half way the tile is edge-on: the new face goes on then.
      if (t >= 0.5 && this.#faces[i] !== this.#targets[i]) {
        this.#faces[i] = this.#targets[i]!
        this.#paint(i)
      }
      tile.box.scale.x = Math.max(0.02, Math.abs(1 - 2 * t))
      return true
    }
    if (this.#fade[i]! > 0) {
      this.#fade[i] = Math.max(0, this.#fade[i]! - deltaMS)
      this.#paint(i)
      return true
    }
    if (tile.box.scale.x !== 1) {
      tile.box.scale.x = 1
      return true
    }
    return false
  }

  /** Colours tile `i` for its face (and the fade's progress). */
  #paint(i: number): void {
    const tile = this.#tiles[i]!
    const face = this.#faces[i]!
    const shown = 1 - this.#fade[i]! / FADE_MS
    tile.shape.tint = FILL[face]
    tile.gem.alpha = face === 'gem' || face === 'gemDim' ? ICON_ALPHA[face] * shown : 0
    tile.mine.alpha = face === 'mine' || face === 'mineDim' ? ICON_ALPHA[face] * shown : 0
    tile.ring.alpha = face === 'mine' ? 1 : 0
    if (face === 'hidden' || face === 'pending') tile.box.scale.x = 1
  }

  /** Draws the shared shapes and places the tiles for a new layout; false if unchanged. */
  #layTiles(): boolean {
    const [square, gem, mine, ring] = this.#shared
    if (!square || !gem || !mine || !ring || this.#tilesLaidFor === this.#layoutKey) return false
    this.#tilesLaidFor = this.#layoutKey
    // Every tile is the same size, drawn around its centre so a flip turns it in place.
    const size = this.#layout.tiles[0]?.size ?? 1
    const half = size / 2
    const radius = Math.max(4, size / 8)
    square.clear().roundRect(-half, -half, size, size, radius).fill(0xffffff)
    const r = size * 0.28
    gem
      .clear()
      .poly([0, -r, r * 0.9, -r * 0.2, 0, r, -r * 0.9, -r * 0.2])
      .fill(COLOUR.gem)
      .poly([-r * 0.9, -r * 0.2, r * 0.9, -r * 0.2])
      .stroke({ color: 0xffffff, width: Math.max(1, size / 40), alpha: 0.5 })
    mine.clear()
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4
      mine.moveTo(0, 0).lineTo(Math.cos(a) * r * 1.15, Math.sin(a) * r * 1.15)
    }
    mine
      .stroke({ color: COLOUR.mine, width: Math.max(2, size / 18), cap: 'round' })
      .circle(0, 0, r * 0.75)
      .fill(COLOUR.mine)
      .circle(-r * 0.25, -r * 0.25, r * 0.18)
      .fill({ color: 0xffffff, alpha: 0.7 })
    ring
      .clear()
      .roundRect(-half + 1.5, -half + 1.5, size - 3, size - 3, radius)
      .stroke({ color: COLOUR.mine, width: 3 })
    this.#tiles.forEach((tile, i) => {
      const rect = this.#layout.tiles[i]
      if (rect) tile.box.position.set(rect.x + half, rect.y + half)
    })
    return true
  }

  /** Shows the result over the board once the round has ended and every flip is done. */
  #drawCard(view: MinerSceneView): boolean {
    const result = this.#flip.every((f) => f === 0) ? view.result : null
    return this.#card?.show(result, this.#layout.result, this.#layoutKey) ?? false
  }

  destroy(): void {
    // The tiles share four contexts: destroyed here once, not through each tile by the host.
    for (const tile of this.#tiles) {
      tile.shape.destroy()
      tile.gem.destroy()
      tile.mine.destroy()
      tile.ring.destroy()
    }
    for (const context of this.#shared) context.destroy()
    this.#context = null
    this.#tiles = []
    this.#shared = []
    this.#card = null
  }

  inspect(): SceneInspection {
    return {
      scene: 'miner',
      roundId: this.#roundId,
      faces: [...this.#faces],
      result: this.#card?.shown ?? null,
      settled: this.#flip.every((f) => f === 0) && this.#fade.every((f) => f === 0),
    }
  }
}
