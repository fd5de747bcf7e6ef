import { Container, Graphics, Text } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { MAX_ROLL, formatHundredths } from '../rules'
import type { DiceView } from './diceView'

const COLOR = { win: 0x22c55e, lose: 0xef4444, track: 0x1e293b, marker: 0xf8fafc, text: 0xe2e8f0 }
/** How long the marker travels to a new roll. */
const TRAVEL_MS = 350
const TRACK_HEIGHT = 12

/**
 * The dice slider: a track from 0 to 100 split at the target into the winning (green) and losing
 * (red) side, a handle at the target, and the result marker that travels to each new roll and
 * shows it in the win or loss colour. Draws the `DiceView` it is given and nothing else.
 */
export class DiceScene implements Scene<DiceView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #track: Graphics | null = null
  #marker: Container | null = null
  #markerShape: Graphics | null = null
  #label: Text | null = null
  #trackKey = ''
  /** The marker's position (hundredths) and where it is heading. */
  #from = 0
  #to = 0
  #elapsed = TRAVEL_MS
  #betId: string | null = null
  #last: DiceView | null = null
  /** What the last drawn frame showed (track, marker position and colour), to skip unchanged frames. */
  #drawn = ''

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#track = new Graphics({ label: 'dice.track' })
    this.#markerShape = new Graphics({ label: 'dice.marker-shape' })
    this.#label = new Text({
      text: '',
      style: { fill: COLOR.marker, fontSize: 22, fontWeight: '700' },
    })
    this.#label.anchor.set(0.5, 1)
    this.#marker = new Container({ label: 'dice.marker' })
    this.#marker.addChild(this.#markerShape, this.#label)
    this.#marker.visible = false
    stage.addChild(this.#track, this.#marker)
  }

  resize(size: SceneSize): void {
    this.#size = size
    this.#trackKey = ''
  }

  update(view: DiceView, frame: SceneFrame): boolean {
    this.#last = view
    const left = 32
    const width = Math.max(1, this.#size.width - 2 * left)
    const y = this.#size.height / 2 + 20
    const x = (value: number) => left + (value / MAX_ROLL) * width
    const key = `${view.target}:${view.direction}:${this.#size.width}:${this.#size.height}`
    if (key !== this.#trackKey && this.#track) {
      this.#trackKey = key
      const under = view.direction === 'under'
      this.#track
        .clear()
        .roundRect(left, y - TRACK_HEIGHT / 2, x(view.target) - left, TRACK_HEIGHT, 6)
        .fill(under ? COLOR.win : COLOR.lose)
        .roundRect(
          x(view.target),
          y - TRACK_HEIGHT / 2,
          left + width - x(view.target),
          TRACK_HEIGHT,
          6,
        )
        .fill(under ? COLOR.lose : COLOR.win)
        .circle(x(view.target), y, 12)
        .fill(COLOR.marker)
    }
    if (view.betId !== this.#betId) {
      this.#betId = view.betId
      this.#from = this.#position()
      this.#to = view.roll ?? 0
      const still = view.instant || (this.#context?.reducedMotion ?? false)
      this.#elapsed = still ? TRAVEL_MS : 0
    }
    this.#elapsed = Math.min(TRAVEL_MS, this.#elapsed + frame.deltaMS)
    if (!this.#marker || !this.#markerShape || !this.#label) return false
    // Between rolls the slider stands still: the frame is drawn only when something moved.
    const position = this.#position()
    const drawn = `${this.#trackKey}|${view.decimal}|${view.roll === null ? '-' : `${position}|${view.win}`}`
    if (drawn === this.#drawn) return false
    this.#drawn = drawn
    this.#marker.visible = view.roll !== null
    if (view.roll === null) return true
    const colour = view.win ? COLOR.win : COLOR.lose
    this.#marker.position.set(x(position), y - 22)
    this.#markerShape.clear().poly([-14, -34, 14, -34, 0, -8]).fill(colour)
    this.#label.text = formatHundredths(Math.round(position)).replace('.', view.decimal)
    this.#label.style.fill = colour
    this.#label.position.set(0, -38)
    return true
  }

  /** Where the marker is now, eased out between the last roll and the new one. */
  #position(): number {
    const t = this.#elapsed / TRAVEL_MS
    const eased = 1 - (1 - t) ** 3
    return this.#from + (this.#to - this.#from) * eased
  }

  destroy(): void {
    this.#context = null
    this.#track = null
    this.#marker = null
    this.#markerShape = null
    this.#label = null
  }

  inspect(): SceneInspection {
    const view = this.#last
    return {
      scene: 'dice',
      target: view?.target ?? null,
      direction: view?.direction ?? null,
      roll: view?.roll ?? null,
      win: view?.win ?? null,
      markerAt: view?.roll === null ? null : Math.round(this.#position()),
      settledMarker: this.#elapsed >= TRAVEL_MS,
    }
  }
}
