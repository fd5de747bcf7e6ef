import { Container, Graphics, Text } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { MAX_FLIPS, type Side } from '../rules'
import {
  coinLayout,
  faceAt,
  LAND_MS,
  landingAngle,
  landingTarget,
  restAngle,
  SPIN_RATE,
  type CoinLayout,
} from './coin'
import type { CaptionTone, CoinflipSceneView } from './coinflipView'

/** Each face's metal, rim and emblem: gold with a star for heads, silver with a diamond for tails. */
const FACE: Record<Side, { fill: number; rim: number; mark: number; text: number }> = {
  heads: { fill: 0xf6c244, rim: 0xb7791f, mark: 0xfff3c4, text: 0x5b3a06 },
  tails: { fill: 0xcbd5e1, rim: 0x64748b, mark: 0xf8fafc, text: 0x1e293b },
}
const TONE: Record<CaptionTone, number> = { neutral: 0xe2e8f0, won: 0x22d47b, lost: 0xef4444 }
const RING = { won: 0x22d47b, lost: 0xef4444, empty: 0x3a4360 }
/** The coin's look while it waits for an answer with motion reduced: still, dimmed. */
const WAITING_ALPHA = 0.55

/** Draws one face of the coin, centred on its origin, at `radius`. */
function drawFace(g: Graphics, side: Side, radius: number): void {
  const face = FACE[side]
  g.clear()
    .circle(0, 0, radius)
    .fill(face.rim)
    .circle(0, 0, radius * 0.88)
    .fill(face.fill)
    .circle(0, 0, radius * 0.8)
    .stroke({ color: face.rim, width: Math.max(1, radius * 0.03) })
  const y = -radius * 0.12
  if (side === 'heads') g.star(0, y, 5, radius * 0.38, radius * 0.16, 0).fill(face.mark)
  else {
    const r = radius * 0.34
    g.poly([0, y - r, r, y, 0, y + r, -r, y]).fill(face.mark)
    g.circle(0, y, r * 0.35).fill(face.rim)
  }
}

/**
 * The coinflip table: a coin that spins while a call is in flight and lands on the side the
 * server drew (at once with instant play or reduced motion), heads and tails told apart by metal,
 * emblem and word, a caption under it, and the round's row of up to 20 flips, each chip the side
 * it landed on with a green (won) or red (lost) ring and a dot of the call under it. A flip joins
 * the row when the coin has landed, so the row never tells the side before the coin does.
 * Draws the `CoinflipSceneView` it is given and nothing else; `update` returns false on still frames.
 */
export class CoinflipScene implements Scene<CoinflipSceneView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #layout: CoinLayout = coinLayout(1, 1, MAX_FLIPS)
  #layoutKey = ''
  #coin: Container | null = null
  #faces: Record<Side, { box: Container; shape: Graphics; word: Text }> | null = null
  #caption: Text | null = null
  #row: Graphics | null = null
  /** The coin's angle about its vertical axis (see coin.ts). */
  #angle = 0
  #landing: { from: number; to: number; elapsed: number } | null = null
  #roundId: string | null = null
  /** Flips seen in the view, and flips shown in the row (those the coin has landed). */
  #known = 0
  #shown = 0
  #last: CoinflipSceneView | null = null
  /** What each part last drew, to redraw only what changed and skip still frames. */
  #facesKey = ''
  #rowKey = ''
  #captionKey = ''
  #coinKey = ''

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const face = (side: Side) => {
      const shape = new Graphics({ label: `coinflip.${side}` })
      const word = new Text({
        text: '',
        style: { fill: FACE[side].text, fontSize: 16, fontWeight: '800', align: 'center' },
        anchor: 0.5,
      })
      const box = new Container({ label: `coinflip.face-${side}` })
      box.addChild(shape, word)
      return { box, shape, word }
    }
    this.#faces = { heads: face('heads'), tails: face('tails') }
    this.#coin = new Container({ label: 'coinflip.coin' })
    this.#coin.addChild(this.#faces.heads.box, this.#faces.tails.box)
    this.#caption = new Text({
      text: '',
      style: { fill: 0xffffff, fontSize: 18, fontWeight: '700', align: 'center' },
      anchor: 0.5,
    })
    this.#row = new Graphics({ label: 'coinflip.row' })
    stage.addChild(this.#coin, this.#caption, this.#row)
  }

  resize(size: SceneSize): void {
    this.#layout = coinLayout(size.width, size.height, MAX_FLIPS)
    this.#layoutKey = `${size.width}x${size.height}`
  }

  update(view: CoinflipSceneView, frame: SceneFrame): boolean {
    this.#last = view
    const still = view.instant || (this.#context?.reducedMotion ?? false)
    this.#follow(view, still)
    if (this.#landing) {
      const landing = this.#landing
      landing.elapsed += frame.deltaMS
      this.#angle = landingAngle(landing.from, landing.to, landing.elapsed)
      if (landing.elapsed >= LAND_MS) this.#land()
    } else if (view.spinning !== null && !still) {
      // Kept within one turn: the angle's meaning is periodic, and its size would cost precision.
      this.#angle = (this.#angle + SPIN_RATE * frame.deltaMS) % (2 * Math.PI)
    }
    const faces = this.#drawFaces(view)
    const coin = this.#drawCoin(view.spinning !== null && still && !this.#landing)
    const row = this.#drawRow(view)
    const caption = this.#drawCaption(view)
    return faces || coin || row || caption
  }

  /** Takes in the view's flips: a new round shows its flips at once, a new flip lands the coin. */
  #follow(view: CoinflipSceneView, still: boolean): void {
    const count = view.flips.length
    const last = view.flips.at(-1)
    if (view.roundId !== this.#roundId || count < this.#known) {
      this.#roundId = view.roundId
      this.#known = this.#shown = count
      this.#landing = null
      if (last) this.#angle = restAngle(last.side)
    } else if (count > this.#known && last) {
      this.#known = count
      this.#landing = { from: this.#angle, to: landingTarget(this.#angle, last.side), elapsed: 0 }
      if (still) this.#land()
    }
  }

  /** Ends the landing: the coin rests on its side and the flip joins the row. */
  #land(): void {
    const landing = this.#landing
    if (landing) this.#angle = landing.to % (2 * Math.PI)
    this.#landing = null
    this.#shown = this.#known
  }

  /** Draws both faces for the layout and the words; false when neither changed. */
  #drawFaces(view: CoinflipSceneView): boolean {
    const faces = this.#faces
    const key = `${this.#layoutKey}|${view.faces.heads}|${view.faces.tails}`
    if (!faces || key === this.#facesKey) return false
    this.#facesKey = key
    const { radius } = this.#layout.coin
    for (const side of ['heads', 'tails'] as const) {
      drawFace(faces[side].shape, side, radius)
      const word = faces[side].word
      word.text = view.faces[side]
      word.style.fontSize = Math.max(9, radius * 0.2)
      word.position.set(0, radius * 0.52)
    }
    return true
  }

  /** Places and turns the coin; `waiting` dims it (an answer awaited, motion reduced). */
  #drawCoin(waiting: boolean): boolean {
    const coin = this.#coin
    const faces = this.#faces
    if (!coin || !faces) return false
    const face = faceAt(this.#angle)
    const squeeze = Math.max(0.04, Math.abs(Math.cos(this.#angle)))
    const key = `${this.#layoutKey}|${face}|${squeeze.toFixed(3)}|${waiting}`
    if (key === this.#coinKey) return false
    this.#coinKey = key
    coin.position.set(this.#layout.coin.x, this.#layout.coin.y)
    coin.scale.set(squeeze, 1)
    coin.alpha = waiting ? WAITING_ALPHA : 1
    faces.heads.box.visible = face === 'heads'
    faces.tails.box.visible = face === 'tails'
    return true
  }

  /** Draws the row of flips the coin has landed, and the empty slots; false when unchanged. */
  #drawRow(view: CoinflipSceneView): boolean {
    const row = this.#row
    const shown = view.flips.slice(0, this.#shown)
    const key = `${this.#layoutKey}|${shown.map((f) => `${f.call}${f.side}`).join(',')}`
    if (!row || key === this.#rowKey) return false
    this.#rowKey = key
    const { chips, chipRadius: r } = this.#layout
    row.clear()
    chips.forEach(({ x, y }, i) => {
      const flip = shown[i]
      if (!flip) {
        row.circle(x, y, r - 1).stroke({ color: RING.empty, width: 1.5 })
        return
      }
      const ring = flip.call === flip.side ? RING.won : RING.lost
      row.circle(x, y, r).fill(ring)
      row.circle(x, y, r * 0.78).fill(FACE[flip.side].fill)
      if (flip.side === 'heads') row.star(x, y, 5, r * 0.42, r * 0.18, 0).fill(FACE.heads.mark)
      else row.circle(x, y, r * 0.3).fill(FACE.tails.rim)
      // The call, under the chip: the same metal as the side when the call was right.
      row.circle(x, y + r + 2.5, 2).fill(FACE[flip.call].fill)
    })
    return true
  }

  /** Writes the caption in its tone; false when unchanged. */
  #drawCaption(view: CoinflipSceneView): boolean {
    const caption = this.#caption
    // The caption follows the coin: a result shows once the coin has landed.
    const shownCaption = this.#landing ? null : view.caption
    const key = `${this.#layoutKey}|${shownCaption?.text ?? ''}|${shownCaption?.tone ?? ''}`
    if (!caption || key === this.#captionKey) return false
    this.#captionKey = key
    caption.text = shownCaption?.text ?? ''
    caption.style.fill = TONE[shownCaption?.tone ?? 'neutral']
    caption.style.fontSize = this.#layout.caption.size
    caption.position.set(this.#layout.caption.x, this.#layout.caption.y)
    return true
  }

  destroy(): void {
    this.#context = null
    this.#coin = null
    this.#faces = null
    this.#caption = null
    this.#row = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'coinflip',
      face: faceAt(this.#angle),
      spinning: (view?.spinning ?? null) !== null && !this.#landing,
      landing: this.#landing !== null,
      flips: view ? view.flips.slice(0, this.#shown).map((f) => ({ ...f })) : [],
      caption: this.#caption?.text || null,
      roundId: this.#roundId,
    }
  }
}
