import type { BitmapText, Container, Graphics } from 'pixi.js'
import type {
  AssetBundle,
  Scene,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from '../../engine/canvas'
import { GROWTH_PER_MS } from '../rules'
import { crashFrame, formatMultiplier, type CrashFrame, type CrashView } from './crashView'
import { curvePoints, plotScale, starField, type PlotArea, type Star } from './geometry'
import { COLOR, buildParts, clamp, layoutParts, type Parts } from './crashParts'
import { destroyUnitShapes, unitShapes, type UnitShapes } from './sceneShapes'

/** What `CrashScene.inspect` reports about the last frame it drew. */
export interface CrashDrawn {
  readonly phase: CrashView['phase'] | null
  readonly roundId: string | null
  /** The big multiplier as shown, e.g. `'2.41x'` (`'…'` while connecting). */
  readonly multiplierText: string
  /** The line under it: the countdown, "crashed" or "connecting". */
  readonly statusText: string
  /** Betting time left as drawn by the countdown bar, 0 outside betting. */
  readonly countdownMs: number
  /** Points on the drawn curve (0 before the round runs). */
  readonly curvePoints: number
  /** Whether the green cash-out marker is on the curve. */
  readonly winMarker: boolean
  /** The marker's multiplier in hundredths, when shown. */
  readonly cashoutAt: number | null
  /** The banner text ("You won …" / lost), empty when none. */
  readonly bannerText: string
  /** Whether the crash flash is showing. */
  readonly crashFlash: boolean
  readonly reducedMotion: boolean
}

/** How long the crash flash and the explosion ring last. */
const FLASH_MS = 700
/** Stars in the backdrop; they drift while a round runs so even a slow climb looks alive. */
const STAR_COUNT = 48
/** Segments of the curve at every size (the e2e reads 65 points through the test hook). */
const CURVE_POINTS = 64

/**
 * The crash round on canvas: a drifting star field, a grid, the curve climbing from the
 * server-anchored start with a glowing head, the big multiplier, the betting countdown bar, a
 * flash and shake at the crash (none under reduced motion) and a green marker where the player's
 * bet cashed out, auto cash-outs included. It draws the `CrashView` it is given and nothing else.
 *
 * Frames are cheap: shapes are tessellated on mount or resize and then moved, scaled and tinted
 * (`sceneShapes.ts`); only the curve is rebuilt, and only while it grows.
 */
export class CrashScene implements Scene<CrashView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #shapes: UnitShapes | null = null
  #parts: Parts | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #starList: Star[] = starField(STAR_COUNT, 7)
  #drift = 0
  #flashMs = 0
  #lastKey = ''
  /** The betting window being counted down (round and end), and its length when first drawn. */
  #windowKey = ''
  #windowMs = 0
  #clockMs = 0
  /** What the curve was last built from; the same key means the same geometry. */
  #curveKey = ''
  /** What the last frame drew, for `inspect` (test builds). */
  #lastView: CrashView | null = null
  #lastFrame: CrashFrame | null = null
  #lastReduced = false
  #curvePointCount = 0
  #winMarkerShown = false

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    this.#shapes = unitShapes()
    this.#parts = buildParts(this.#shapes, this.#starList.length)
    stage.addChild(this.#parts.root)
  }

  resize(size: SceneSize): void {
    this.#size = size
    if (this.#parts) layoutParts(this.#parts, size, this.#area(), this.#starList)
    this.#curveKey = ''
  }

  update(view: CrashView, frame: SceneFrame): void {
    const parts = this.#parts
    if (!parts) return
    const reduced = this.#context?.reducedMotion ?? false
    this.#clockMs += frame.deltaMS
    const now = frame.lastTime
    const state = crashFrame(view, now)
    const key = `${view.roundId ?? ''}:${view.phase}`
    if (key !== this.#lastKey) {
      if (view.phase === 'crashed' && this.#lastKey.endsWith(':running')) this.#flashMs = FLASH_MS
      this.#lastKey = key
    }
    this.#flashMs = Math.max(0, this.#flashMs - frame.deltaMS)
    const area = this.#area()
    this.#drawStars(parts, view, state, frame, reduced)
    this.#drawCurve(parts, view, state, area, reduced)
    this.#drawTexts(parts, view, state, reduced)
    this.#drawCountdown(parts, view, state)
    this.#drawFlash(parts, reduced)
    // References only: `inspect` builds its report on demand, so frames allocate nothing for it.
    this.#lastView = view
    this.#lastFrame = state
    this.#lastReduced = reduced
  }

  /** What the last frame drew (test builds read it through `window.__tesseraCanvas`). */
  inspect(): SceneInspection & CrashDrawn {
    const view = this.#lastView
    const parts = this.#parts
    return {
      scene: 'crash',
      phase: view?.phase ?? null,
      roundId: view?.roundId ?? null,
      multiplierText: parts?.multiplier.text ?? '',
      statusText: parts?.status.text ?? '',
      countdownMs: Math.round(this.#lastFrame?.countdownMs ?? 0),
      curvePoints: this.#curvePointCount,
      winMarker: this.#winMarkerShown,
      cashoutAt: this.#winMarkerShown ? (view?.cashoutAt ?? null) : null,
      bannerText: parts?.banner.text ?? '',
      crashFlash: this.#flashMs > 0,
      reducedMotion: this.#lastReduced,
    }
  }

  destroy(): void {
    // Display objects and their own contexts go with the stage. The shared unit shapes belong to
    // no single `Graphics`, so the scene destroys them. The bitmap fonts stay in Pixi's cache: one
    // per family and weight for the page's life, reused by the next mount, never one per mount.
    if (this.#shapes) destroyUnitShapes(this.#shapes)
    this.#shapes = null
    this.#parts = null
    this.#context = null
    this.#lastView = null
    this.#lastFrame = null
  }

  #area(): PlotArea {
    const { width, height } = this.#size
    const left = clamp(width * 0.06, 16, 56)
    return {
      left,
      top: height * 0.12,
      right: width - 16,
      bottom: height - clamp(height * 0.1, 18, 36),
    }
  }

  #drawStars(
    parts: Parts,
    view: CrashView,
    state: CrashFrame,
    frame: SceneFrame,
    reduced: boolean,
  ): void {
    const { width } = this.#size
    if (!reduced) {
      // Faster as the multiplier climbs: the speed follows the curve's own growth.
      const speed = view.phase === 'running' ? 0.02 + GROWTH_PER_MS * state.multiplier * 0.6 : 0.006
      this.#drift = (this.#drift + frame.deltaMS * speed) % width
    }
    for (const [i, star] of this.#starList.entries()) {
      const dot = parts.stars[i]
      if (!dot) continue
      dot.x = (((star.x * width - this.#drift * star.depth) % width) + width) % width
      const twinkle = reduced ? 1 : 0.6 + 0.4 * Math.sin(this.#clockMs / 400 + star.phase)
      dot.alpha = 0.15 + 0.35 * star.depth * twinkle
    }
  }

  #drawCurve(
    parts: Parts,
    view: CrashView,
    state: CrashFrame,
    area: PlotArea,
    reduced: boolean,
  ): void {
    const crashed = view.phase === 'crashed'
    const scale = plotScale(area, state.elapsedMs, state.multiplier)
    parts.gridX.vertical(scale.xLines, area.top, area.bottom, 1)
    parts.gridY.horizontal(scale.yLines, area.left, area.right, 1)
    const color = crashed ? COLOR.crashed : state.multiplier >= 200 ? COLOR.hot : COLOR.curve
    const drawn = state.elapsedMs > 0
    // Rebuilt only when the curve moved: each frame while it climbs, once when it stops.
    const curveKey = drawn ? `${state.elapsedMs}:${color}` : ''
    if (curveKey !== this.#curveKey) {
      this.#curveKey = curveKey
      this.#curvePointCount = drawn ? this.#buildCurve(parts.curve, scale, state, area, color) : 0
      if (!drawn) parts.curve.clear()
    }
    parts.glow.visible = drawn
    parts.head.visible = drawn
    parts.ring.visible = false
    if (drawn) {
      const headX = scale.x(state.elapsedMs)
      const headY = scale.y(state.multiplier)
      const pulse = reduced || crashed ? 1 : 1 + 0.25 * Math.sin(this.#clockMs / 120)
      parts.glow.position.set(headX, headY)
      parts.glow.scale.set(16 * pulse)
      parts.glow.tint = color
      parts.head.position.set(headX, headY)
      parts.head.scale.set(7)
      parts.head.tint = color
      if (crashed && this.#flashMs > 0 && !reduced) {
        // The explosion ring grows and fades with the flash: 700 ms a round, rebuilt meanwhile.
        const t = 1 - this.#flashMs / FLASH_MS
        parts.ring.visible = true
        parts.ring
          .clear()
          .circle(headX, headY, 10 + 70 * t)
          .stroke({ width: 4, color, alpha: 1 - t })
      }
    }
    this.#winMarkerShown = state.cashoutMs !== null && state.cashoutMs <= state.elapsedMs
    parts.marker.visible = this.#winMarkerShown
    if (this.#winMarkerShown && state.cashoutMs !== null) {
      const x = scale.x(state.cashoutMs)
      const y = scale.y(view.cashoutAt ?? 100)
      parts.drop.vertical([x], y, area.bottom, 2)
      parts.marker.position.set(x, y)
    } else parts.drop.vertical([], 0, 0, 2)
    const amount = reduced ? 0 : (this.#flashMs / FLASH_MS) * 8
    parts.shake.position.set(
      amount * Math.sin(this.#clockMs * 0.09),
      amount * Math.cos(this.#clockMs * 0.11),
    )
  }

  /** Builds the curve's fill and line; returns how many points it has. */
  #buildCurve(
    g: Graphics,
    scale: ReturnType<typeof plotScale>,
    state: CrashFrame,
    area: PlotArea,
    color: number,
  ): number {
    const points = curvePoints(scale, state.elapsedMs, CURVE_POINTS)
    g.clear()
    // A copy: Pixi keeps the array it is given and tessellates it at render time.
    const fill = [...points, scale.x(state.elapsedMs), area.bottom, area.left, area.bottom]
    g.poly(fill, true).fill({ color, alpha: 0.14 })
    g.moveTo(points[0] ?? 0, points[1] ?? 0)
    for (let i = 2; i < points.length; i += 2) g.lineTo(points[i] ?? 0, points[i + 1] ?? 0)
    g.stroke({ width: 5, color, cap: 'round', join: 'round' })
    return points.length / 2
  }

  #drawTexts(parts: Parts, view: CrashView, state: CrashFrame, reduced: boolean): void {
    const { multiplier, status, banner } = parts
    const { labels } = view
    const crashed = view.phase === 'crashed'
    const decimal = labels.decimal ?? '.'
    setText(
      multiplier,
      view.phase === 'connecting' ? '…' : formatMultiplier(state.multiplier, decimal),
    )
    multiplier.tint = crashed
      ? COLOR.crashed
      : view.bet === 'cashedOut'
        ? COLOR.win
        : state.multiplier >= 200
          ? COLOR.hot
          : COLOR.text
    const beat = reduced || view.phase !== 'running' ? 1 : 1 + 0.03 * Math.sin(this.#clockMs / 90)
    const pop = crashed && !reduced ? 1 + 0.25 * (this.#flashMs / FLASH_MS) : 1
    multiplier.scale.set(beat * pop)
    let line = ''
    if (view.phase === 'connecting' || view.phase === 'offline') line = labels.connecting
    else if (view.phase === 'betting') {
      line = labels.startsIn.replace(
        '{{seconds}}',
        (state.countdownMs / 1000).toFixed(1).replace('.', decimal),
      )
    } else if (crashed) line = labels.crashed
    setText(status, line)
    status.tint = crashed ? COLOR.crashed : COLOR.muted
    const won = view.bet === 'cashedOut'
    setText(banner, won ? labels.won : view.bet === 'lost' && crashed ? labels.lost : '')
    banner.tint = won ? COLOR.win : COLOR.crashed
  }

  #drawCountdown(parts: Parts, view: CrashView, state: CrashFrame): void {
    const betting = view.phase === 'betting' && view.bettingEndsAt !== null
    parts.barTrack.visible = betting
    parts.barFill.visible = betting
    if (!betting) return
    // The window is the server's (`bettingEndsAt` of the `betting` event or the snapshot), as
    // much of it as was left when this round's end was first drawn: a full bar then, empty at
    // the end, whatever length the server runs.
    const windowKey = `${view.roundId}:${view.bettingEndsAt}`
    if (windowKey !== this.#windowKey) {
      this.#windowKey = windowKey
      this.#windowMs = state.countdownMs
    }
    parts.barFill.scale.x = this.#windowMs > 0 ? clamp(state.countdownMs / this.#windowMs, 0, 1) : 0
  }

  #drawFlash(parts: Parts, reduced: boolean): void {
    parts.flash.visible = this.#flashMs > 0
    parts.flash.alpha = (reduced ? 0.12 : 0.35) * (this.#flashMs / FLASH_MS)
  }
}

function setText(text: BitmapText, value: string): void {
  // Setting the same string still re-measures in some Pixi paths; skip it.
  if (text.text !== value) text.text = value
}
