/**
 * The crash scene's geometry, pure so it is tested without a renderer: the plot's axes that grow
 * with the round, the curve's points, and a fixed star field.
 */
import { GROWTH_PER_MS, multiplierAt } from '../rules'

/** The plot's box in CSS pixels. */
export interface PlotArea {
  left: number
  top: number
  right: number
  bottom: number
}

/** Maps round time and multipliers to pixels, with the grid lines of the current zoom. */
export interface PlotScale {
  /** x of `ms` after the start. */
  x(ms: number): number
  /** y of a multiplier in hundredths. */
  y(hundredths: number): number
  xLines: number[]
  yLines: number[]
}

/** The shortest time span and the lowest multiplier the axes show, so a new round looks roomy. */
const MIN_SPAN_MS = 8000
const MIN_TOP = 200

/**
 * The axes at this moment: they always keep the curve's head in the upper right part of the
 * plot (20% headroom), which makes the curve look like it keeps rising while the axes zoom out.
 */
export function plotScale(area: PlotArea, elapsedMs: number, multiplier: number): PlotScale {
  const spanMs = Math.max(MIN_SPAN_MS, elapsedMs * 1.2)
  const top = Math.max(MIN_TOP, 100 + (multiplier - 100) * 1.25)
  const width = area.right - area.left
  const height = area.bottom - area.top
  const x = (ms: number) => area.left + (ms / spanMs) * width
  const y = (hundredths: number) => area.bottom - ((hundredths - 100) / (top - 100)) * height
  const xStep = niceStep(spanMs / 5)
  const yStep = niceStep((top - 100) / 4)
  const xLines: number[] = []
  for (let ms = xStep; ms < spanMs; ms += xStep) xLines.push(x(ms))
  const yLines: number[] = []
  for (let m = 100 + yStep; m < top; m += yStep) yLines.push(y(m))
  return { x, y, xLines, yLines }
}

/** A round step (1, 2 or 5 times a power of ten) near `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)))
  const unit = raw / power
  return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10) * power
}

/**
 * `count + 1` points of the curve from the start to `elapsedMs`, flat as x0, y0, x1, y1... The
 * unfloored curve keeps the line smooth; the last point is the floored multiplier the text shows,
 * so the head sits exactly where the number says.
 */
export function curvePoints(scale: PlotScale, elapsedMs: number, count: number): number[] {
  const points: number[] = []
  for (let i = 0; i <= count; i++) {
    const ms = (elapsedMs * i) / count
    const value = i === count ? multiplierAt(ms) : 100 * Math.exp(GROWTH_PER_MS * ms)
    points.push(scale.x(ms), scale.y(value))
  }
  return points
}

/** One backdrop star: position as a share of the stage, depth (0..1) sets speed and brightness. */
export interface Star {
  x: number
  y: number
  depth: number
  size: number
  phase: number
}

/** A fixed star field from `seed` (a small LCG: the same sky on every mount, in tests too). */
export function starField(count: number, seed: number): Star[] {
  let state = seed >>> 0
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
  return Array.from({ length: count }, () => {
    const depth = 0.3 + 0.7 * next()
    return { x: next(), y: next(), depth, size: 0.8 + 1.6 * depth, phase: next() * Math.PI * 2 }
  })
}
