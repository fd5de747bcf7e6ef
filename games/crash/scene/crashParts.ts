/**
 * The crash scene's display objects: built once in `mount` (`buildParts`) and laid out on each
 * resize (`layoutParts`), where everything whose shape depends only on the size is tessellated.
 * Frames then move, scale and tint them (CrashScene.ts).
 */
import { BitmapText, Container, Graphics, type TextStyleFontWeight } from 'pixi.js'
import type { SceneSize } from '../../engine/canvas'
import type { PlotArea, Star } from './geometry'
import { LinePool, instance, type UnitShapes } from './sceneShapes'

/** The scene's palette. */
export const COLOR = {
  curve: 0x22d47b,
  hot: 0xf6c244,
  crashed: 0xff6b6b,
  win: 0x4be596,
  text: 0xeef1f8,
  muted: 0xaab2c8,
  grid: 0x283049,
  star: 0xffffff,
} as const

/** Grid lines kept per axis; `plotScale`'s nice steps never ask for more than 8. */
const GRID_LINES = 10

const FONT_FAMILY = 'Inter, system-ui, sans-serif'

/**
 * Every text of the scene is a `BitmapText`: Pixi draws each glyph once into a dynamic font page
 * (its global cache keeps one font per family and weight, white, so colour is a tint and size a
 * scale) and lays out quads, where a `Text` would re-rasterise a 2D canvas and upload it on every
 * change of the multiplier (every frame) or the countdown (every 100 ms). The banner could be a
 * `Text`, but that class alone would add 4.8 KB gzip to the page (`npm run test:budget`).
 */
const bitmapText = (weight: TextStyleFontWeight) =>
  new BitmapText({
    text: '',
    style: { fontFamily: FONT_FAMILY, fontSize: 24, fontWeight: weight, fill: 0xffffff },
  })

/** The scene's display objects, made in `mount`. */
export interface Parts {
  readonly root: Container
  readonly shake: Container
  readonly stars: Graphics[]
  readonly axes: Graphics
  readonly gridX: LinePool
  readonly gridY: LinePool
  readonly curve: Graphics
  readonly glow: Graphics
  readonly head: Graphics
  readonly ring: Graphics
  readonly drop: LinePool
  readonly marker: Graphics
  readonly flash: Graphics
  readonly barTrack: Graphics
  readonly barFill: Graphics
  readonly multiplier: BitmapText
  readonly status: BitmapText
  readonly banner: BitmapText
}

/** Builds the scene's tree on the shared shapes, `stars` dots included. */
export function buildParts(shapes: UnitShapes, stars: number): Parts {
  const starDots = Array.from({ length: stars }, (_, i) => instance(shapes.dot, `crash.star.${i}`))
  const parts: Parts = {
    root: new Container({ label: 'crash' }),
    shake: new Container({ label: 'crash.shake' }),
    stars: starDots,
    axes: new Graphics({ label: 'crash.axes' }),
    gridX: new LinePool(shapes.square, GRID_LINES, 'crash.grid-x', COLOR.grid, 0.6),
    gridY: new LinePool(shapes.square, GRID_LINES, 'crash.grid-y', COLOR.grid, 0.6),
    curve: new Graphics({ label: 'crash.curve' }),
    glow: instance(shapes.dot, 'crash.head-glow'),
    head: instance(shapes.dot, 'crash.head'),
    ring: new Graphics({ label: 'crash.ring' }),
    drop: new LinePool(shapes.square, 1, 'crash.cashout-line', COLOR.win, 0.7),
    marker: new Graphics({ label: 'crash.cashout' }),
    flash: instance(shapes.square, 'crash.flash', COLOR.crashed),
    barTrack: new Graphics({ label: 'crash.countdown-track' }),
    barFill: new Graphics({ label: 'crash.countdown' }),
    multiplier: bitmapText('800'),
    status: bitmapText('600'),
    banner: bitmapText('800'),
  }
  parts.marker.circle(0, 0, 11).fill({ color: COLOR.win }).stroke({ width: 3, color: COLOR.text })
  parts.glow.alpha = 0.18
  parts.multiplier.text = '1.00x'
  for (const text of [parts.multiplier, parts.status, parts.banner]) text.anchor.set(0.5)
  // Render groups: what changes every frame (the curve, the texts) is re-batched on its own, and
  // the drifting stars never make Pixi rebuild the instructions of the rest of the stage.
  const starLayer = new Container({ label: 'crash.stars', isRenderGroup: true })
  if (starDots.length > 0) starLayer.addChild(...starDots)
  const curveLayer = new Container({ label: 'crash.curve-layer', isRenderGroup: true })
  curveLayer.addChild(parts.curve)
  const texts = new Container({ label: 'crash.texts', isRenderGroup: true })
  texts.addChild(parts.multiplier, parts.status)
  const grid = new Container({ label: 'crash.grid' })
  grid.addChild(parts.gridX.container, parts.gridY.container, parts.axes)
  const marks = new Container({ label: 'crash.marks' })
  marks.addChild(parts.glow, parts.head, parts.ring, parts.drop.container, parts.marker)
  parts.shake.addChild(grid, curveLayer, marks)
  parts.root.addChild(starLayer, parts.shake, texts, parts.banner)
  parts.root.addChild(parts.barTrack, parts.barFill, parts.flash)
  return parts
}

/** Sizes and places everything for a new stage size; tessellates the size-bound shapes. */
export function layoutParts(parts: Parts, size: SceneSize, area: PlotArea, stars: Star[]): void {
  const { width, height } = size
  const short = Math.min(width, height)
  parts.multiplier.style.fontSize = Math.round(clamp(short * 0.22, 40, 120))
  parts.status.style.fontSize = Math.round(clamp(short * 0.055, 14, 22))
  parts.banner.style.fontSize = Math.round(clamp(short * 0.065, 16, 26))
  parts.multiplier.position.set(width / 2, height * 0.4)
  parts.status.position.set(width / 2, height * 0.4 + clamp(short * 0.17, 34, 90))
  // Below the DOM overlay's round label and connection badge (about 44 px tall).
  parts.banner.position.set(width / 2, 44 + clamp(short * 0.06, 14, 30))
  parts.flash.scale.set(width, height)
  for (const [i, star] of stars.entries()) {
    const dot = parts.stars[i]
    dot?.scale.set(star.size)
    dot?.position.set(star.x * width, star.y * height)
  }
  parts.axes
    .clear()
    .moveTo(area.left, area.top)
    .lineTo(area.left, area.bottom)
    .lineTo(area.right, area.bottom)
    .stroke({ width: 2, color: COLOR.grid })
  // The countdown: a track and a full-width bar scaled to the share left (`scale.x`).
  const barWidth = Math.min(width * 0.6, 420)
  const x = (width - barWidth) / 2
  const y = height * 0.4 + clamp(short * 0.24, 50, 124)
  parts.barTrack.clear().roundRect(x, y, barWidth, 8, 4).fill({ color: COLOR.grid })
  parts.barFill.clear().roundRect(0, 0, barWidth, 8, 4).fill({ color: COLOR.curve })
  parts.barFill.position.set(x, y)
}

/** `value` kept within `min` and `max`. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}
