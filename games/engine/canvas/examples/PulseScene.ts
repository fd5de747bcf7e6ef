import { Graphics, type Container } from 'pixi.js'
import type { AssetBundle, Scene, SceneContext, SceneFrame, SceneSize } from '../Scene'

/** What `PulseScene` draws: only the circle's colour (0xRRGGBB). */
export interface PulseSnapshot {
  readonly color: number
}

/** One full pulse, in milliseconds. */
export const PULSE_PERIOD_MS = 1200
/** How far the circle grows and shrinks around its resting size, as a fraction of it. */
export const PULSE_AMPLITUDE = 0.15
/** The drawn circle's radius before scaling; resizing rescales it instead of redrawing. */
const UNIT_RADIUS = 100

/**
 * The smallest real scene: a circle in the middle of the stage that pulses, and holds still under
 * reduced motion. It is the reference for the `Scene` contract in tests and the "empty stage"
 * baseline of the benchmarks, so it loads no bundles and allocates nothing per frame.
 */
export class PulseScene implements Scene<PulseSnapshot> {
  readonly bundles: readonly AssetBundle[] = []
  #circle: Graphics | null = null
  #context: SceneContext | null = null
  #elapsedMS = 0
  #restScale = 1

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    // Drawn white once; the snapshot's colour is a tint, so colour changes cost no geometry.
    this.#circle = new Graphics().circle(0, 0, UNIT_RADIUS).fill({ color: 0xffffff })
    this.#circle.label = 'pulse'
    stage.addChild(this.#circle)
  }

  update(snapshot: PulseSnapshot, frame: SceneFrame): void {
    const circle = this.#circle
    if (!circle) return
    circle.tint = snapshot.color
    // Elapsed time comes from frame deltas, not the clock: a paused tab resumes mid-pulse instead of
    // jumping, and tests drive it exactly.
    this.#elapsedMS = (this.#elapsedMS + frame.deltaMS) % PULSE_PERIOD_MS
    const pulse = this.#context?.reducedMotion
      ? 1
      : 1 + PULSE_AMPLITUDE * Math.sin((2 * Math.PI * this.#elapsedMS) / PULSE_PERIOD_MS)
    circle.scale.set(this.#restScale * pulse)
  }

  resize({ width, height }: SceneSize): void {
    const circle = this.#circle
    if (!circle) return
    circle.position.set(width / 2, height / 2)
    // A quarter of the short side, so the largest pulse still fits.
    this.#restScale = (Math.min(width, height) * 0.25) / UNIT_RADIUS
    circle.scale.set(this.#restScale)
  }

  destroy(): void {
    // The graphics context is this scene's own, so it goes with the circle.
    this.#circle?.destroy({ context: true })
    this.#circle = null
    this.#context = null
  }
}
