import { Container, Graphics, Text } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { pocketFill, type RouletteView } from './rouletteView'
import { SECTOR, SPIN_MS, WHEEL_ORDER, pocketAt, spinPose } from './wheel'

/** Points of a ring sector between radii `r0` < `r1` and angles `a0` < `a1`: outer arc, then inner. */
function ringSector(r0: number, r1: number, a0: number, a1: number): number[] {
  const steps = 8
  const points: number[] = []
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps
    points.push(Math.cos(a) * r1, Math.sin(a) * r1)
  }
  for (let i = steps; i >= 0; i--) {
    const a = a0 + ((a1 - a0) * i) / steps
    points.push(Math.cos(a) * r0, Math.sin(a) * r0)
  }
  return points
}

const COLOR = { rim: 0x78350f, hub: 0xa16207, ball: 0xf8fafc, text: 0xf8fafc }

/**
 * The European wheel: 37 pockets in wheel order, turning, and the ball that runs against it and
 * comes to rest on the server's pocket (`wheel.ts` computes the path; this draws it). A new spin
 * (a new `betId`) starts from where the wheel stands; instant play and reduced motion put the
 * ball in its pocket at once. Draws the `RouletteView` it is given and nothing else.
 */
export class RouletteScene implements Scene<RouletteView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #wheel: Container | null = null
  #sectors: Graphics | null = null
  #numbers: Text[] = []
  #rim: Graphics | null = null
  #ball: Graphics | null = null
  #result: Text | null = null
  #radius = 1
  #betId: string | null = null
  #pocket: number | null = null
  /** The wheel's rotation when the current spin began, and how far into it we are. */
  #wheelFrom = 0
  #elapsed = SPIN_MS
  #last: RouletteView | null = null
  /** What the last drawn frame showed (wheel angle, ball, result), to skip unchanged frames. */
  #drawn = ''

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#rim = new Graphics({ label: 'roulette.rim' })
    this.#wheel = new Container({ label: 'roulette.wheel' })
    this.#sectors = new Graphics({ label: 'roulette.sectors' })
    this.#wheel.addChild(this.#sectors)
    this.#numbers = WHEEL_ORDER.map((pocket) => {
      const text = new Text({
        text: String(pocket),
        style: { fill: COLOR.text, fontSize: 12, fontWeight: '700' },
      })
      text.anchor.set(0.5)
      this.#wheel?.addChild(text)
      return text
    })
    this.#ball = new Graphics({ label: 'roulette.ball' })
    this.#ball.visible = false
    this.#result = new Text({
      text: '',
      style: { fill: COLOR.text, fontSize: 28, fontWeight: '800' },
    })
    this.#result.anchor.set(0.5)
    stage.addChild(this.#rim, this.#wheel, this.#ball, this.#result)
  }

  resize(size: SceneSize): void {
    this.#size = size
    this.#radius = Math.max(40, Math.min(size.width, size.height) / 2 - 24)
    this.#drawWheel()
  }

  /**
   * The rim, the pockets and their numbers at the current size. Rings and ring sectors rather than
   * stacked discs, and the frame's felt (its CSS background) left to show between them: each
   * pixel is filled at most once and most not at all, which a software renderer (and a phone's
   * fill rate) notices.
   */
  #drawWheel(): void {
    const r = this.#radius
    const { width, height } = this.#size
    const [pockets, inner] = [r * 0.86, r * 0.6]
    this.#rim
      ?.clear()
      .circle(width / 2, height / 2, r + 14)
      .fill(COLOR.rim)
      .circle(width / 2, height / 2, r + 4)
      .cut()
    this.#wheel?.position.set(width / 2, height / 2)
    const sectors = this.#sectors?.clear()
    WHEEL_ORDER.forEach((pocket, index) => {
      // 0 at the top, clockwise: Pixi's angles start at 3 o'clock, hence the quarter turn back.
      const from = index * SECTOR - SECTOR / 2 - Math.PI / 2
      sectors?.poly(ringSector(inner, pockets, from, from + SECTOR)).fill(pocketFill(pocket))
      const text = this.#numbers[index]
      if (text) {
        const mid = from + SECTOR / 2
        text.style.fontSize = Math.max(8, Math.round(r / 14))
        text.position.set(Math.cos(mid) * r * 0.76, Math.sin(mid) * r * 0.76)
        text.rotation = mid + Math.PI / 2
      }
    })
    sectors?.circle(0, 0, r * 0.18).fill(COLOR.hub)
    this.#ball
      ?.clear()
      .circle(0, 0, Math.max(4, r / 22))
      .fill(COLOR.ball)
    this.#result?.position.set(width / 2, height / 2)
  }

  update(view: RouletteView, frame: SceneFrame): boolean {
    this.#last = view
    if (view.betId !== this.#betId) {
      this.#betId = view.betId
      // The new spin starts where the wheel stands now.
      this.#wheelFrom = this.#pose()?.wheel ?? this.#wheelFrom
      this.#pocket = view.pocket
      const still = view.instant || (this.#context?.reducedMotion ?? false)
      this.#elapsed = still ? SPIN_MS : 0
    }
    this.#elapsed = Math.min(SPIN_MS, this.#elapsed + frame.deltaMS)
    const pose = this.#pose()
    if (!this.#wheel || !this.#ball || !this.#result) return false
    this.#wheel.rotation = pose?.wheel ?? this.#wheelFrom
    this.#ball.visible = pose !== null
    const landed = pose !== null && this.#elapsed >= SPIN_MS
    this.#result.text = landed && this.#pocket !== null ? String(this.#pocket) : ''
    if (pose) {
      const r = this.#radius
      const distance = r * (0.68 + 0.26 * pose.track)
      const angle = pose.ball - Math.PI / 2
      this.#ball.position.set(
        this.#size.width / 2 + Math.cos(angle) * distance,
        this.#size.height / 2 + Math.sin(angle) * distance,
      )
    }
    // Between spins the wheel stands still: the frame is drawn only when something moved.
    const drawn = `${this.#wheel.rotation}|${pose ? `${this.#ball.x},${this.#ball.y}` : '-'}|${this.#result.text}`
    if (drawn === this.#drawn) return false
    this.#drawn = drawn
    return true
  }

  /** The wheel and ball now, or null before the first spin. */
  #pose() {
    return this.#pocket === null ? null : spinPose(this.#wheelFrom, this.#pocket, this.#elapsed)
  }

  destroy(): void {
    this.#context = null
    this.#wheel = null
    this.#sectors = null
    this.#numbers = []
    this.#rim = null
    this.#ball = null
    this.#result = null
  }

  inspect(): SceneInspection {
    const pose = this.#pose()
    return {
      scene: 'roulette',
      pocket: this.#last?.pocket ?? null,
      // The pocket under the ball, read back from the drawn angles.
      ballPocket: pose ? pocketAt(pose.ball - pose.wheel) : null,
      landed: pose !== null && this.#elapsed >= SPIN_MS,
    }
  }
}
