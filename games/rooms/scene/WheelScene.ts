import { BitmapText, Container, Graphics } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { PLAYER_PALETTE } from './palette'
import { fitCentreText, restingRotation, spinRotation, type WheelView } from './wheelView'

const COLOR = { rim: 0x283049, text: 0xeef1f8, pointer: 0xffffff, win: 0xffe066 } as const
const FONT_FAMILY = 'Inter, system-ui, sans-serif'

/** The hub's radius, of the wheel's: the centre text stays inside it. */
const HUB = 0.42

/** What `WheelScene.inspect` reports of its last frame. */
export interface WheelDrawn {
  readonly phase: WheelView['phase'] | null
  readonly roundId: string | null
  readonly arcs: number
  /** The rotation drawn, in radians (rests at `restingRotation` once the spin ends). */
  readonly rotation: number
  readonly winningTicket: number | null
  readonly winnerHighlighted: boolean
  readonly centreText: string
  readonly reducedMotion: boolean
}

/**
 * A room's round on canvas: the ticket list round a wheel, each purchase an arc in its buyer's
 * colour, a pointer at the top. After the draw the wheel turns `SPIN_TURNS` times and slows onto
 * the winning ticket's place (at once under reduced motion), and the winner's arc is ringed. The
 * middle shows the countdown's seconds or the view's caption. It draws the `WheelView` it is
 * given and nothing else; arcs are rebuilt only when the list or the size changes.
 */
export class WheelScene implements Scene<WheelView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #root: Container | null = null
  #wheel: Container | null = null
  #arcs: Graphics | null = null
  #highlight: Graphics | null = null
  #pointer: Graphics | null = null
  #centre: BitmapText | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #arcsKey = ''
  #lastKey = ''
  #drawn: WheelDrawn | null = null

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#root = new Container()
    this.#wheel = new Container()
    this.#arcs = new Graphics()
    this.#highlight = new Graphics()
    this.#pointer = new Graphics()
    this.#centre = new BitmapText({
      text: '',
      style: {
        fontFamily: FONT_FAMILY,
        fontSize: 24,
        fontWeight: '700',
        fill: 0xffffff,
        align: 'center',
      },
    })
    this.#centre.anchor.set(0.5)
    this.#wheel.addChild(this.#arcs, this.#highlight)
    this.#root.addChild(this.#wheel, this.#pointer, this.#centre)
    stage.addChild(this.#root)
  }

  resize(size: SceneSize): void {
    this.#size = size
    this.#arcsKey = ''
    this.#lastKey = ''
  }

  get #radius(): number {
    return Math.max(10, Math.min(this.#size.width, this.#size.height) / 2 - 24)
  }

  update(view: WheelView, frame: SceneFrame): boolean {
    const wheel = this.#wheel
    const centre = this.#centre
    if (!wheel || !centre || !this.#root) return false
    const reduced = this.#context?.reducedMotion ?? false
    const now = frame.lastTime
    const resting =
      view.winningTicket !== null && view.tickets > 0
        ? restingRotation(view.winningTicket, view.tickets)
        : 0
    const rotation =
      view.spinFrom !== null ? spinRotation(resting, now - view.spinFrom, reduced) : 0
    const seconds =
      view.countdownEnds !== null ? Math.max(0, Math.ceil((view.countdownEnds - now) / 1000)) : null
    const text = seconds !== null ? String(seconds) : view.caption
    const highlighted = view.phase === 'announced' && view.winnerSlice !== null
    const key = `${rotation}|${text}|${highlighted}|${view.phase}`
    this.#drawArcs(view)
    const { width, height } = this.#size
    this.#root.position.set(width / 2, height / 2)
    wheel.rotation = rotation
    this.#drawHighlight(view, highlighted)
    centre.tint = highlighted ? COLOR.win : COLOR.text
    // The text fits the hub: a winner's name can be long, and the hub is small on a phone.
    const fitted = fitCentreText(text, this.#radius * HUB * 2 * 0.85, seconds !== null ? 2 : 0.8)
    centre.text = fitted.text
    centre.scale.set(fitted.scale)
    this.#drawn = {
      phase: view.phase,
      roundId: view.roundId,
      arcs: view.slices.length,
      rotation,
      winningTicket: view.winningTicket,
      winnerHighlighted: highlighted,
      centreText: fitted.text,
      reducedMotion: reduced,
    }
    const changed = key !== this.#lastKey
    this.#lastKey = key
    return changed
  }

  /** Tessellates the arcs and the pointer when the list or the size changed. */
  #drawArcs(view: WheelView): void {
    const key = `${this.#size.width}x${this.#size.height}|${view.tickets}|${JSON.stringify(view.slices)}`
    if (key === this.#arcsKey || !this.#arcs || !this.#pointer) return
    this.#arcsKey = key
    const r = this.#radius
    const arcs = this.#arcs.clear()
    arcs.circle(0, 0, r + 4).fill(COLOR.rim)
    for (const slice of view.slices) {
      const [from, to] = this.#angles(view.tickets, slice.first, slice.count)
      const colour = PLAYER_PALETTE[slice.colour % PLAYER_PALETTE.length] ?? COLOR.rim
      arcs
        .moveTo(0, 0)
        .arc(0, 0, r, from, to)
        .closePath()
        .fill({ color: colour, alpha: slice.mine ? 1 : 0.75 })
      if (slice.mine) arcs.arc(0, 0, r - 3, from, to).stroke({ width: 3, color: COLOR.pointer })
    }
    // The hub, where the centre text sits.
    arcs.circle(0, 0, r * HUB).fill(0x151a2b)
    this.#pointer
      .clear()
      .poly([-12, -r - 14, 12, -r - 14, 0, -r + 8])
      .fill(COLOR.pointer)
  }

  /** Rings the winner's arc once announced. */
  #drawHighlight(view: WheelView, highlighted: boolean): void {
    const g = this.#highlight
    if (!g) return
    g.clear()
    const slice = view.winnerSlice === null ? undefined : view.slices[view.winnerSlice]
    if (!highlighted || !slice) return
    const [from, to] = this.#angles(view.tickets, slice.first, slice.count)
    g.arc(0, 0, this.#radius + 2, from, to).stroke({ width: 6, color: COLOR.win })
  }

  /** The arc of `count` tickets from `first`, clockwise from the top, in Pixi's angles. */
  #angles(tickets: number, first: number, count: number): [number, number] {
    const top = -Math.PI / 2
    const turn = (2 * Math.PI) / Math.max(1, tickets)
    return [top + first * turn, top + (first + count) * turn]
  }

  inspect(): SceneInspection {
    return { scene: 'rooms', ...(this.#drawn ?? { phase: null }) }
  }

  destroy(): void {
    // Display objects are the host's to destroy with the stage; nothing else was made.
    this.#context = null
    this.#root = null
    this.#wheel = null
    this.#arcs = null
    this.#highlight = null
    this.#pointer = null
    this.#centre = null
  }
}
