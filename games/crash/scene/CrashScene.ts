import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js'
// The server's CSP forbids eval (server/http/security.ts), which Pixi's shader and uniform code
// generation uses by default; this module swaps in eval-free versions. It belongs with the
// engine's Pixi platform (games/engine/canvas/pixiPlatform.ts): reported to move there.
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

const COLOR = {
  curve: 0x22d47b,
  hot: 0xf6c244,
  crashed: 0xff6b6b,
  win: 0x4be596,
  text: 0xeef1f8,
  muted: 0xaab2c8,
  grid: 0x283049,
  star: 0xffffff,
} as const

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

const textStyle = (size: number, color: number, weight: TextStyleOptions['fontWeight']) => ({
  fontFamily: 'Inter, system-ui, sans-serif',
  fontSize: size,
  fontWeight: weight,
  fill: color,
  align: 'center' as const,
})

/**
 * The crash round on canvas: a drifting star field, a grid, the curve climbing from the
 * server-anchored start with a glowing head, the big multiplier, the betting countdown bar, a
 * flash and shake at the crash (none under reduced motion) and a green marker where the player's
 * bet cashed out, auto cash-outs included. It draws the `CrashView` it is given and nothing else.
 */
export class CrashScene implements Scene<CrashView> {
  readonly bundles: readonly AssetBundle[] = []
  #context: SceneContext | null = null
  #root: Container | null = null
  #shake: Container | null = null
  #stars: Graphics | null = null
  #grid: Graphics | null = null
  #curve: Graphics | null = null
  #marks: Graphics | null = null
  #flash: Graphics | null = null
  #multiplier: Text | null = null
  #status: Text | null = null
  #banner: Text | null = null
  #size: SceneSize = { width: 1, height: 1, resolution: 1 }
  #starList: Star[] = starField(STAR_COUNT, 7)
  #drift = 0
  #flashMs = 0
  #lastKey = ''
  #clockMs = 0
  /** What the last frame drew, for `inspect` (test builds). */
  #lastView: CrashView | null = null
  #lastFrame: CrashFrame | null = null
  #lastReduced = false
  #curvePointCount = 0
  #winMarkerShown = false

  mount(stage: Container, context: SceneContext): void {
    this.#context = context
    const root = new Container({ label: 'crash' })
    const shake = new Container({ label: 'crash.shake' })
    this.#stars = new Graphics({ label: 'crash.stars' })
    this.#grid = new Graphics({ label: 'crash.grid' })
    this.#curve = new Graphics({ label: 'crash.curve' })
    this.#marks = new Graphics({ label: 'crash.marks' })
    this.#flash = new Graphics({ label: 'crash.flash' })
    this.#multiplier = new Text({ text: '1.00x', style: textStyle(72, COLOR.text, '800') })
    this.#status = new Text({ text: '', style: textStyle(18, COLOR.muted, '600') })
    this.#banner = new Text({ text: '', style: textStyle(20, COLOR.win, '800') })
    for (const text of [this.#multiplier, this.#status, this.#banner]) text.anchor.set(0.5)
    shake.addChild(this.#grid, this.#curve, this.#marks)
    root.addChild(this.#stars, shake, this.#multiplier, this.#status, this.#banner, this.#flash)
    stage.addChild(root)
    this.#root = root
    this.#shake = shake
  }

  resize(size: SceneSize): void {
    this.#size = size
    const { width, height } = size
    const short = Math.min(width, height)
    if (this.#multiplier) this.#multiplier.style.fontSize = Math.round(clamp(short * 0.22, 40, 120))
    if (this.#status) this.#status.style.fontSize = Math.round(clamp(short * 0.055, 14, 22))
    if (this.#banner) this.#banner.style.fontSize = Math.round(clamp(short * 0.065, 16, 26))
    this.#multiplier?.position.set(width / 2, height * 0.4)
    this.#status?.position.set(width / 2, height * 0.4 + clamp(short * 0.17, 34, 90))
    // Below the DOM overlay's round label and connection badge (about 44 px tall).
    this.#banner?.position.set(width / 2, 44 + clamp(short * 0.06, 14, 30))
  }

  update(view: CrashView, frame: SceneFrame): void {
    if (!this.#root) return
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
    this.#drawStars(view, state, frame, reduced)
    this.#drawGrid(area, state)
    this.#drawCurve(view, state, area, reduced)
    this.#drawTexts(view, state, reduced)
    this.#drawFlash(reduced)
    // References only: `inspect` builds its report on demand, so frames allocate nothing for it.
    this.#lastView = view
    this.#lastFrame = state
    this.#lastReduced = reduced
  }

  /** What the last frame drew (test builds read it through `window.__tesseraCanvas`). */
  inspect(): SceneInspection & CrashDrawn {
    const view = this.#lastView
    return {
      scene: 'crash',
      phase: view?.phase ?? null,
      roundId: view?.roundId ?? null,
      multiplierText: this.#multiplier?.text ?? '',
      statusText: this.#status?.text ?? '',
      countdownMs: Math.round(this.#lastFrame?.countdownMs ?? 0),
      curvePoints: this.#curvePointCount,
      winMarker: this.#winMarkerShown,
      cashoutAt: this.#winMarkerShown ? (view?.cashoutAt ?? null) : null,
      bannerText: this.#banner?.text ?? '',
      crashFlash: this.#flashMs > 0,
      reducedMotion: this.#lastReduced,
    }
  }

  destroy(): void {
    // Every display object is on the stage and goes with it; no textures or listeners of our own.
    this.#root = null
    this.#shake = null
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

  #drawStars(view: CrashView, state: CrashFrame, frame: SceneFrame, reduced: boolean): void {
    const g = this.#stars
    if (!g) return
    const { width, height } = this.#size
    if (!reduced) {
      // Faster as the multiplier climbs: the speed follows the curve's own growth.
      const speed = view.phase === 'running' ? 0.02 + GROWTH_PER_MS * state.multiplier * 0.6 : 0.006
      this.#drift = (this.#drift + frame.deltaMS * speed) % width
    }
    g.clear()
    for (const star of this.#starList) {
      const x = (((star.x * width - this.#drift * star.depth) % width) + width) % width
      const twinkle = reduced ? 1 : 0.6 + 0.4 * Math.sin(this.#clockMs / 400 + star.phase)
      g.circle(x, star.y * height, star.size).fill({
        color: COLOR.star,
        alpha: 0.15 + 0.35 * star.depth * twinkle,
      })
    }
  }

  #drawGrid(area: PlotArea, state: CrashFrame): void {
    const g = this.#grid
    if (!g) return
    const scale = plotScale(area, state.elapsedMs, state.multiplier)
    g.clear()
    for (const line of scale.yLines) {
      g.moveTo(area.left, line).lineTo(area.right, line)
    }
    for (const line of scale.xLines) g.moveTo(line, area.top).lineTo(line, area.bottom)
    g.stroke({ width: 1, color: COLOR.grid, alpha: 0.6 })
    g.moveTo(area.left, area.top)
      .lineTo(area.left, area.bottom)
      .lineTo(area.right, area.bottom)
      .stroke({ width: 2, color: COLOR.grid })
  }

  #drawCurve(view: CrashView, state: CrashFrame, area: PlotArea, reduced: boolean): void {
    const g = this.#curve
    const marks = this.#marks
    if (!g || !marks) return
    g.clear()
    marks.clear()
    this.#curvePointCount = 0
    this.#winMarkerShown = false
    const crashed = view.phase === 'crashed'
    const scale = plotScale(area, state.elapsedMs, state.multiplier)
    const color = crashed ? COLOR.crashed : state.multiplier >= 200 ? COLOR.hot : COLOR.curve
    if (state.elapsedMs > 0) {
      const points = curvePoints(scale, state.elapsedMs, 64)
      this.#curvePointCount = points.length / 2
      const fill = [...points, scale.x(state.elapsedMs), area.bottom, area.left, area.bottom]
      g.poly(fill, true).fill({ color, alpha: 0.14 })
      g.moveTo(points[0] ?? 0, points[1] ?? 0)
      for (let i = 2; i < points.length; i += 2) g.lineTo(points[i] ?? 0, points[i + 1] ?? 0)
      g.stroke({ width: 5, color, cap: 'round', join: 'round' })
      const headX = scale.x(state.elapsedMs)
      const headY = scale.y(state.multiplier)
      const pulse = reduced || crashed ? 1 : 1 + 0.25 * Math.sin(this.#clockMs / 120)
      marks.circle(headX, headY, 16 * pulse).fill({ color, alpha: 0.18 })
      marks.circle(headX, headY, 7).fill({ color })
      if (crashed && this.#flashMs > 0 && !reduced) {
        // The explosion ring grows and fades with the flash.
        const t = 1 - this.#flashMs / FLASH_MS
        marks.circle(headX, headY, 10 + 70 * t).stroke({ width: 4, color, alpha: 1 - t })
      }
    }
    if (state.cashoutMs !== null && state.cashoutMs <= state.elapsedMs) {
      const x = scale.x(state.cashoutMs)
      const y = scale.y(view.cashoutAt ?? 100)
      marks.moveTo(x, y).lineTo(x, area.bottom).stroke({ width: 2, color: COLOR.win, alpha: 0.7 })
      marks.circle(x, y, 11).fill({ color: COLOR.win }).stroke({ width: 3, color: COLOR.text })
      this.#winMarkerShown = true
    }
    if (this.#shake) {
      const amount = reduced ? 0 : (this.#flashMs / FLASH_MS) * 8
      this.#shake.position.set(
        amount * Math.sin(this.#clockMs * 0.09),
        amount * Math.cos(this.#clockMs * 0.11),
      )
    }
  }

  #drawTexts(view: CrashView, state: CrashFrame, reduced: boolean): void {
    const multiplier = this.#multiplier
    const status = this.#status
    const banner = this.#banner
    if (!multiplier || !status || !banner) return
    const { labels } = view
    const crashed = view.phase === 'crashed'
    setText(multiplier, view.phase === 'connecting' ? '…' : formatMultiplier(state.multiplier))
    multiplier.style.fill = crashed
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
      line = labels.startsIn.replace('{{seconds}}', (state.countdownMs / 1000).toFixed(1))
    } else if (crashed) line = labels.crashed
    setText(status, line)
    status.style.fill = crashed ? COLOR.crashed : COLOR.muted
    const won = view.bet === 'cashedOut'
    setText(banner, won ? labels.won : view.bet === 'lost' && crashed ? labels.lost : '')
    banner.style.fill = won ? COLOR.win : COLOR.crashed
    this.#drawCountdown(view, state)
  }

  #drawCountdown(view: CrashView, state: CrashFrame): void {
    const g = this.#flash
    if (!g) return
    g.clear()
    if (view.phase !== 'betting' || view.bettingEndsAt === null) return
    const { width, height } = this.#size
    const barWidth = Math.min(width * 0.6, 420)
    const x = (width - barWidth) / 2
    const y = height * 0.4 + clamp(Math.min(width, height) * 0.24, 50, 124)
    // The server's window is 6 s today; the bar is a share of that, clamped, never a promise.
    const share = clamp(state.countdownMs / 6000, 0, 1)
    g.roundRect(x, y, barWidth, 8, 4).fill({ color: COLOR.grid })
    g.roundRect(x, y, barWidth * share, 8, 4).fill({ color: COLOR.curve })
  }

  #drawFlash(reduced: boolean): void {
    const g = this.#flash
    if (!g || this.#flashMs <= 0) return
    const { width, height } = this.#size
    const alpha = (reduced ? 0.12 : 0.35) * (this.#flashMs / FLASH_MS)
    g.rect(0, 0, width, height).fill({ color: COLOR.crashed, alpha })
  }
}

function setText(text: Text, value: string): void {
  // Setting the same string still re-measures in some Pixi paths; skip it.
  if (text.text !== value) text.text = value
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}
