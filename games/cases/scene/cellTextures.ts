/**
 * The case strip's cell pictures: one texture per item (its name on a box in its rarity colour),
 * drawn once with the 2D canvas at the cell's size and the screen's resolution, then shown by as
 * many sprites as the strips need. A new opening only points sprites at pictures it already has;
 * a picture is drawn the first time its item shows at a size.
 */
import { CanvasSource, Texture } from 'pixi.js'
import type { Rarity } from '../rules'
import type { StripCell } from './caseView'

/** Each rarity's colour, least rare first: grey, blue, violet, pink, gold. */
export const RARITY_COLOURS: Readonly<Record<Rarity, number>> = {
  common: 0x94a3b8,
  uncommon: 0x3b82f6,
  rare: 0x8b5cf6,
  epic: 0xec4899,
  legendary: 0xf59e0b,
}
const COLOUR = { cell: 0x1e293b, text: 0xf8fafc }
const FONT = 'system-ui, sans-serif'
/** Names are sized from this, scaled to fit their cell. */
const LABEL_SIZE = 28
/** The rarity bar along a cell's bottom, in CSS px. */
export const BAR_HEIGHT = 6
/** Pictures kept beyond those on screen before the unused ones are let go. */
const SPARE = 64

/** A cell's size in CSS px and the screen's device pixels per CSS pixel. */
export interface CellSize {
  readonly width: number
  readonly height: number
  readonly resolution: number
}

const css = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`

/** A rounded rectangle's path (drawn with arcs, as `roundRect` is missing from older browsers). */
function roundedRect(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  g.beginPath()
  g.moveTo(x + r, y)
  g.arcTo(x + w, y, x + w, y + h, r)
  g.arcTo(x + w, y + h, x, y + h, r)
  g.arcTo(x, y + h, x, y, r)
  g.arcTo(x, y, x + w, y, r)
  g.closePath()
}

/**
 * A name's font size in its cell, from an estimate of its width (~0.66 em a glyph) rather than a
 * measure, at most half of {@link LABEL_SIZE}.
 */
export function labelSize(label: string, cell: Pick<CellSize, 'width' | 'height'>): number {
  const fit = Math.min(
    0.5,
    (cell.height - BAR_HEIGHT) / LABEL_SIZE / 2.2,
    (cell.width - 14) / (Math.max(1, label.length) * LABEL_SIZE * 0.66),
  )
  return LABEL_SIZE * fit
}

/** Draws one cell: the box, its rarity bar and edge, and the name in the middle. */
function drawCell(g: CanvasRenderingContext2D, cell: StripCell, size: CellSize): void {
  const { width: w, height: h, resolution } = size
  const colour = css(RARITY_COLOURS[cell.rarity])
  g.setTransform(resolution, 0, 0, resolution, 0, 0)
  g.clearRect(0, 0, w, h)
  roundedRect(g, 0, 0, w, h, 8)
  g.fillStyle = css(COLOUR.cell)
  g.fill()
  roundedRect(g, 0, h - BAR_HEIGHT, w, BAR_HEIGHT, 3)
  g.fillStyle = colour
  g.fill()
  roundedRect(g, 1, 1, w - 2, h - 2, 8)
  g.globalAlpha = 0.55
  g.strokeStyle = colour
  g.lineWidth = 2
  g.stroke()
  g.globalAlpha = 1
  g.font = `600 ${labelSize(cell.label, size)}px ${FONT}`
  g.fillStyle = css(COLOUR.text)
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.fillText(cell.label, w / 2, (h - BAR_HEIGHT) / 2)
}

/** The pictures of the items shown so far, at one cell size. */
export class CellTextures {
  #size: CellSize | null = null
  readonly #pictures = new Map<string, Texture>()

  /** Draw at `size` from now on; pictures of another size are let go. */
  setSize(size: CellSize): void {
    const last = this.#size
    if (
      last &&
      last.width === size.width &&
      last.height === size.height &&
      last.resolution === size.resolution
    )
      return
    this.#size = size
    this.clear()
  }

  /** The picture of `cell`, drawn now if it is new. */
  get(cell: StripCell): Texture {
    const key = `${cell.rarity}\n${cell.label}`
    const known = this.#pictures.get(key)
    if (known) return known
    const size = this.#size ?? { width: 1, height: 1, resolution: 1 }
    const source = new CanvasSource({
      width: size.width,
      height: size.height,
      resolution: size.resolution,
      label: 'cases.cell',
    })
    // A canvas read back often stays in main memory: the picture is drawn on the CPU and copied
    // to the GPU once, where an accelerated canvas would wait on the GPU twice per item.
    // jsdom (the unit tests) has no 2D canvas: the picture stays blank there.
    const g = (source.resource as HTMLCanvasElement).getContext('2d', {
      willReadFrequently: true,
    })
    if (g) drawCell(g, cell, size)
    const texture = new Texture({ source })
    this.#pictures.set(key, texture)
    return texture
  }

  /** Lets go of the pictures no sprite shows when more than a few are kept. */
  prune(inUse: ReadonlySet<Texture>): void {
    if (this.#pictures.size <= inUse.size + SPARE) return
    for (const [key, texture] of this.#pictures) {
      if (inUse.has(texture)) continue
      texture.destroy(true)
      this.#pictures.delete(key)
    }
  }

  /** Destroys every picture (their canvases and GPU copies). */
  clear(): void {
    for (const texture of this.#pictures.values()) texture.destroy(true)
    this.#pictures.clear()
  }
}
