/**
 * Shapes the crash scene tessellates once and then only moves, scales and tints, so a frame costs
 * transforms rather than geometry: a unit dot and a unit square shared by many `Graphics` (stars,
 * grid lines, the curve's head, the flash), and pools of them. Pixi batches small graphics by
 * transforming their few vertices on the CPU, which is far cheaper than clearing and rebuilding
 * paths every frame (what the scene did before; see README "Performance").
 */
import { Container, Graphics, GraphicsContext } from 'pixi.js'

/** The contexts shared by the scene's graphics; the scene destroys them in its `destroy`. */
export interface UnitShapes {
  /** A white circle of radius 1 around the origin: scale it to the radius, tint it. */
  readonly dot: GraphicsContext
  /** A white 1×1 square from the origin: scale it to a box, tint it. */
  readonly square: GraphicsContext
}

/** Makes the shared unit shapes. */
export function unitShapes(): UnitShapes {
  return {
    // Enough segments for a 16 px glow to look round; stars are smaller.
    dot: new GraphicsContext().circle(0, 0, 1).fill(0xffffff),
    square: new GraphicsContext().rect(0, 0, 1, 1).fill(0xffffff),
  }
}

/** Destroys the shared shapes (idempotent, like Pixi's own `destroy`). */
export function destroyUnitShapes(shapes: UnitShapes): void {
  shapes.dot.destroy()
  shapes.square.destroy()
}

/** A `Graphics` drawing a shared context, labelled for the stage tree. */
export function instance(context: GraphicsContext, label: string, tint = 0xffffff): Graphics {
  const g = new Graphics({ context, label })
  g.tint = tint
  return g
}

/**
 * A fixed set of unit squares used as straight lines (grid lines, the cash-out drop line). `place`
 * lays out the first `count` of them and hides the rest; nothing is created after `mount`.
 */
export class LinePool {
  readonly container: Container
  readonly #lines: Graphics[]

  constructor(square: GraphicsContext, size: number, label: string, tint: number, alpha: number) {
    this.container = new Container({ label })
    this.#lines = Array.from({ length: size }, (_, i) => {
      const line = instance(square, `${label}.${i}`, tint)
      line.alpha = alpha
      line.visible = false
      return line
    })
    if (this.#lines.length > 0) this.container.addChild(...this.#lines)
  }

  /** Vertical lines of `width` px at each x in `xs`, from `top` to `bottom`. */
  vertical(xs: readonly number[], top: number, bottom: number, width: number): void {
    this.#place(xs.length, (line, i) => {
      line.position.set((xs[i] ?? 0) - width / 2, top)
      line.scale.set(width, bottom - top)
    })
  }

  /** Horizontal lines of `width` px at each y in `ys`, from `left` to `right`. */
  horizontal(ys: readonly number[], left: number, right: number, width: number): void {
    this.#place(ys.length, (line, i) => {
      line.position.set(left, (ys[i] ?? 0) - width / 2)
      line.scale.set(right - left, width)
    })
  }

  #place(count: number, layout: (line: Graphics, index: number) => void): void {
    for (const [i, line] of this.#lines.entries()) {
      line.visible = i < count
      if (line.visible) layout(line, i)
    }
  }
}
