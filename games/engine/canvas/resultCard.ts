import { BitmapText, Container, Graphics } from 'pixi.js'
import type { BoardBox } from './frameBox'

/**
 * A round's result in a pill over a board (keno's under its numbers, miner's across its tiles):
 * a filled rounded box, a white edge and a text, the edge and the text tinted won or lost.
 * Imported by path, not through the canvas index, which carries none of Pixi's code.
 */

/** A result as a scene's view gives it: the translated line, and whether the player won. */
export interface CardResult {
  readonly text: string
  readonly won: boolean
}

/** A game's look for its result card. */
export interface ResultCardStyle {
  /** Labels the card's display objects (`<label>.card`, `<label>.card-shape`, `<label>.card-edge`). */
  readonly label: string
  /** The pill's fill and its alpha (the board shows through). */
  readonly fill: number
  readonly fillAlpha: number
  /** The text's and the edge's tint for a won and for a lost result. */
  readonly won: number
  readonly lost: number
  /**
   * The font size for a band: `height * ofHeight` and `width / widthPer`, the smaller, kept
   * between `min` and `max`.
   */
  readonly fontSize: {
    readonly min: number
    readonly max: number
    readonly ofHeight: number
    readonly widthPer: number
  }
}

/**
 * The result card: drawn once for a layout and tinted for each result, and hidden by its alpha,
 * so a new result or showing it again rebuilds nothing. Its `view` is a render group of its own:
 * the result's new text never rebuilds the board's draw list. The host destroys it with the stage.
 */
export class ResultCard {
  /** The card's container, to add to the stage over the board. */
  readonly view: Container
  readonly #shape: Graphics
  readonly #edge: Graphics
  readonly #text: BitmapText
  readonly #style: ResultCardStyle
  /** What the card shows (result and layout), '-' when hidden, '' when it must be told again. */
  #key = ''
  /** The layout the pill was drawn for. */
  #laidFor = ''
  #shown = false

  constructor(style: ResultCardStyle) {
    this.#style = style
    this.#shape = new Graphics({ label: `${style.label}.card-shape` })
    this.#edge = new Graphics({ label: `${style.label}.card-edge` })
    // Glyphs drawn once into Pixi's dynamic font (white, tinted): a new result lays out quads
    // where a `Text` would draw a 2D canvas and upload it.
    this.#text = new BitmapText({
      text: '',
      style: { fill: 0xffffff, fontSize: 20, fontWeight: '800', align: 'center' },
      anchor: 0.5,
    })
    this.view = new Container({ label: `${style.label}.card`, isRenderGroup: true, alpha: 0 })
    this.view.addChild(this.#shape, this.#edge, this.#text)
  }

  /** The text the card shows, or null while it is hidden. */
  get shown(): string | null {
    return this.#shown ? this.#text.text : null
  }

  /** Makes the next `show` report a change, as after a resize. */
  invalidate(): void {
    this.#key = ''
  }

  /**
   * Shows `result` across `band` of the layout named `layoutKey`, or hides the card for null;
   * false when that is what it already showed.
   */
  show(result: CardResult | null, band: BoardBox, layoutKey: string): boolean {
    const key = result ? `${result.text}|${result.won}|${layoutKey}` : '-'
    if (key === this.#key) return false
    this.#key = key
    this.#shown = result !== null
    this.view.alpha = result ? 1 : 0
    if (!result) return true
    const style = this.#style
    if (this.#laidFor !== layoutKey) {
      this.#laidFor = layoutKey
      // A pill as wide as the band, not measured from the text: a measure lays the text out again.
      const radius = band.height / 2
      const box = [-band.width / 2, -band.height / 2, band.width, band.height, radius] as const
      this.#shape
        .clear()
        .roundRect(...box)
        .fill({ color: style.fill, alpha: style.fillAlpha })
      this.#edge
        .clear()
        .roundRect(...box)
        .stroke({ color: 0xffffff, width: 2 })
      const { min, max, ofHeight, widthPer } = style.fontSize
      this.#text.style.fontSize = Math.max(
        min,
        Math.min(max, band.height * ofHeight, band.width / widthPer),
      )
      this.view.position.set(band.x + band.width / 2, band.y + band.height / 2)
    }
    const colour = result.won ? style.won : style.lost
    this.#text.text = result.text
    this.#text.tint = colour
    this.#edge.tint = colour
    return true
  }
}
