import { Container, Graphics, GraphicsContext, Text } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { CARDS } from '../../engine/fairness/draws'
import { cardLabel, isRed, MOVE_SIGN, type HiloRowCard, type HiloSceneView } from './hiloView'
import { hiloLayout, type Box, type HiloLayout } from './layout'

const COLOR = {
  face: 0xf8fafc,
  back: 0x6a4cff,
  backEdge: 0xc7bfff,
  red: 0xdc2626,
  black: 0x111827,
  won: 0x22d47b,
  lost: 0xef4444,
  skip: 0xaab2c8,
  text: 0xf8fafc,
}
/** How long the current card takes to turn over. */
const FLIP_MS = 320
/** The most row cards a layout shows (layout.ts caps it). */
const ROW_POOL = 12

/** A card of the row: its face, its label and the badge under it. */
interface RowSlot {
  box: Container
  face: Graphics
  label: Text
  badge: Text
  key: string
}

/**
 * The hilo table: the deck, the current card large (it turns over when a move takes a new card,
 * at once with instant play or reduced motion), the round's running multiplier under it, and the
 * row of the round's cards, each with its move's sign and the multiplier after it, green when the
 * guess won and red when it lost. Draws the `HiloSceneView` it is given and nothing else;
 * `update` returns false on still frames.
 *
 * Shapes are drawn only when the layout changes (the row's cards share one face context); a new
 * card changes texts and tints.
 */
export class HiloScene implements Scene<HiloSceneView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #layout: HiloLayout = hiloLayout(1, 1)
  #laidFor = ''
  #drawnFor = ''
  #deck: Graphics | null = null
  #card: Container | null = null
  #cardFace: Graphics | null = null
  #cardBack: Graphics | null = null
  #cardRing: Graphics | null = null
  #cardRank: Text | null = null
  #cardSuit: Text | null = null
  #running: Text | null = null
  #rowFace: GraphicsContext | null = null
  #slots: RowSlot[] = []
  /** The card the large card shows (null: its back), and the one it is turning to. */
  #shown: number | null = null
  #target: number | null = null
  #flip = FLIP_MS
  #roundId: string | null = null
  #statusKey = ''
  /** What the large card's face shows ('back' or the card's index). */
  #faceKey = ''
  #last: HiloSceneView | null = null

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#deck = new Graphics({ label: 'hilo.deck' })
    this.#cardFace = new Graphics({ label: 'hilo.card-face' })
    this.#cardBack = new Graphics({ label: 'hilo.card-back' })
    this.#cardRing = new Graphics({ label: 'hilo.card-ring', alpha: 0 })
    this.#cardRank = new Text({ text: '', style: { fontWeight: '800', fill: 0xffffff } })
    this.#cardSuit = new Text({ text: '', style: { fill: 0xffffff }, anchor: 0.5 })
    this.#card = new Container({ label: 'hilo.card' })
    this.#card.addChild(
      this.#cardBack,
      this.#cardFace,
      this.#cardRank,
      this.#cardSuit,
      this.#cardRing,
    )
    this.#running = new Text({
      text: '',
      style: { fill: COLOR.text, fontSize: 22, fontWeight: '800' },
      anchor: 0.5,
    })
    this.#rowFace = new GraphicsContext()
    const row = new Container({ label: 'hilo.row' })
    for (let i = 0; i < ROW_POOL; i++) {
      const face = new Graphics({ context: this.#rowFace })
      const label = new Text({
        text: '',
        style: { fontWeight: '800', fill: 0xffffff },
        anchor: 0.5,
      })
      const badge = new Text({
        text: '',
        style: { fontWeight: '700', fill: 0xffffff },
        anchor: 0.5,
      })
      const box = new Container({ label: `hilo.row-${i}`, visible: false })
      box.addChild(face, label, badge)
      row.addChild(box)
      this.#slots.push({ box, face, label, badge, key: '' })
    }
    stage.addChild(this.#deck, this.#card, this.#running, row)
  }

  resize(size: SceneSize): void {
    this.#layout = hiloLayout(size.width, size.height)
    this.#laidFor = `${size.width}x${size.height}`
  }

  update(view: HiloSceneView, frame: SceneFrame): boolean {
    let changed = this.#draw()
    const still = view.instant || (this.#context?.reducedMotion ?? false)
    if (view.roundId !== this.#roundId) {
      // A new round (or none): the large card starts from its back.
      this.#roundId = view.roundId
      this.#shown = null
      this.#target = null
      this.#flip = FLIP_MS
    }
    const current = view.row.at(-1)?.card ?? null
    if (current !== this.#target) {
      this.#target = current
      this.#flip = still ? FLIP_MS : 0
      if (still) this.#shown = current
      changed = true
    }
    if (this.#flip < FLIP_MS) {
      this.#flip = Math.min(FLIP_MS, this.#flip + frame.deltaMS)
      changed = true
    }
    changed = this.#turn() || changed
    if (view !== this.#last || changed) {
      changed = this.#showRow(view.row) || changed
      changed = this.#showStatus(view) || changed
    }
    this.#last = view
    return changed
  }

  /** Draws the shapes for a new layout; false when they already were. */
  #draw(): boolean {
    const { card, deck, running } = this.#layout
    if (this.#drawnFor === this.#laidFor || !this.#deck || !this.#card || !this.#rowFace)
      return false
    this.#drawnFor = this.#laidFor
    const radius = Math.max(4, card.width / 12)
    this.#deck.clear()
    // Three cards' backs, offset up and left: the stack the next card comes from.
    for (let i = 2; i >= 0; i--) drawBack(this.#deck, offset(deck, -i * 3), radius * 0.75)
    const centred = {
      x: -card.width / 2,
      y: -card.height / 2,
      width: card.width,
      height: card.height,
    }
    this.#cardFace!.clear()
      .roundRect(centred.x, centred.y, card.width, card.height, radius)
      .fill(COLOR.face)
    drawBack(this.#cardBack!.clear(), centred, radius)
    this.#cardRing!.clear()
      .roundRect(centred.x - 3, centred.y - 3, card.width + 6, card.height + 6, radius + 3)
      .stroke({ color: 0xffffff, width: 4 })
    this.#card.position.set(card.x + card.width / 2, card.y + card.height / 2)
    this.#cardRank!.style.fontSize = Math.max(14, Math.round(card.height * 0.16))
    this.#cardRank!.position.set(centred.x + card.width * 0.08, centred.y + card.height * 0.04)
    this.#cardSuit!.style.fontSize = Math.max(20, Math.round(card.height * 0.4))
    this.#cardSuit!.position.set(0, card.height * 0.06)
    this.#running!.position.set(running.x + running.width / 2, running.y + running.height / 2)
    const small = this.#layout.row[0]
    if (small) {
      this.#rowFace
        .clear()
        .roundRect(0, 0, small.width, small.height, Math.max(3, small.width / 10))
        .fill(0xffffff)
    }
    this.#slots.forEach((slot, i) => {
      const box = this.#layout.row[i]
      slot.key = ''
      if (!box) return
      slot.box.position.set(box.x, box.y)
      slot.label.style.fontSize = Math.max(12, Math.round(box.width * 0.36))
      slot.label.position.set(box.width / 2, box.height / 2)
      slot.badge.style.fontSize = Math.max(11, Math.min(13, Math.round(box.width * 0.3)))
      slot.badge.position.set(
        box.width / 2,
        this.#layout.badgeY - box.y + this.#layout.badgeHeight / 2,
      )
    })
    return true
  }

  /** Turns the large card: its width shrinks to the edge, the new face shows, it widens again. */
  #turn(): boolean {
    const card = this.#card
    if (!card) return false
    const half = FLIP_MS / 2
    if (this.#flip >= half && this.#shown !== this.#target) this.#shown = this.#target
    const scale = this.#flip >= FLIP_MS ? 1 : Math.abs(this.#flip - half) / half
    let changed = card.scale.x !== scale
    card.scale.x = scale
    const shown = this.#shown
    const key = shown === null ? 'back' : String(shown)
    if (this.#faceKey !== key) {
      this.#faceKey = key
      this.#cardBack!.visible = shown === null
      this.#cardFace!.visible = shown !== null
      this.#cardRank!.text = shown === null ? '' : CARDS[shown]!.rank
      this.#cardSuit!.text = shown === null ? '' : CARDS[shown]!.suit
      const ink = shown !== null && isRed(shown) ? COLOR.red : COLOR.black
      this.#cardRank!.tint = ink
      this.#cardSuit!.tint = ink
      changed = true
    }
    return changed
  }

  /** Shows the newest cards of the row that fit; false when nothing changed. */
  #showRow(row: readonly HiloRowCard[]): boolean {
    const fit = this.#layout.row.length
    const shown = row.slice(Math.max(0, row.length - fit))
    let changed = false
    this.#slots.forEach((slot, i) => {
      const entry = i < fit ? shown[i] : undefined
      const key = entry ? `${entry.card}|${entry.move}|${entry.won}|${entry.multiplier}` : '-'
      if (slot.key === key) return
      slot.key = key
      changed = true
      slot.box.visible = entry !== undefined
      if (!entry) return
      slot.label.text = cardLabel(entry.card)
      slot.label.tint = isRed(entry.card) ? COLOR.red : COLOR.black
      slot.face.tint = COLOR.face
      slot.badge.text = entry.move ? `${MOVE_SIGN[entry.move]} ${entry.multiplier}`.trim() : ''
      slot.badge.tint =
        entry.won === true ? COLOR.won : entry.won === false ? COLOR.lost : COLOR.skip
    })
    return changed
  }

  /** The running multiplier and the large card's ring (green once won, red once lost). */
  #showStatus(view: HiloSceneView): boolean {
    const key = `${view.status}|${view.running}`
    if (key === this.#statusKey) return false
    this.#statusKey = key
    this.#running!.text = view.running
    this.#running!.tint =
      view.status === 'lost' ? COLOR.lost : view.status === 'won' ? COLOR.won : COLOR.text
    const ring = this.#cardRing!
    ring.alpha = view.status === 'won' || view.status === 'lost' ? 1 : 0
    ring.tint = view.status === 'won' ? COLOR.won : COLOR.lost
    return true
  }

  destroy(): void {
    // The row's faces share one context: destroyed here once, not through each face by the host.
    for (const slot of this.#slots) slot.face.destroy()
    this.#rowFace?.destroy()
    this.#rowFace = null
    this.#slots = []
    this.#context = null
    this.#deck = null
    this.#card = null
    this.#cardFace = null
    this.#cardBack = null
    this.#cardRing = null
    this.#cardRank = null
    this.#cardSuit = null
    this.#running = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'hilo',
      roundId: view?.roundId ?? null,
      card: this.#shown === null ? null : cardLabel(this.#shown),
      row: this.#slots
        .filter((s) => s.box.visible)
        .map((s) => `${s.label.text} ${s.badge.text}`.trim()),
      running: view?.running ?? '',
      status: view?.status ?? 'idle',
      settled: this.#flip >= FLIP_MS && this.#shown === this.#target,
    }
  }
}

/** A card's back: the house colour with a light inner edge. */
function drawBack(g: Graphics, box: Box, radius: number): Graphics {
  const inset = Math.max(3, box.width * 0.08)
  return g
    .roundRect(box.x, box.y, box.width, box.height, radius)
    .fill(COLOR.back)
    .roundRect(
      box.x + inset,
      box.y + inset,
      box.width - 2 * inset,
      box.height - 2 * inset,
      radius / 2,
    )
    .stroke({ color: COLOR.backEdge, width: 2 })
}

/** `box` moved by `by` px both ways. */
function offset(box: Box, by: number): Box {
  return { ...box, x: box.x + by, y: box.y + by }
}
