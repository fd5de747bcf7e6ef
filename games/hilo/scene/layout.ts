/**
 * Where the hilo table's parts sit in the canvas box, pure, so tests can check that everything
 * fits from a 375 px phone up: the deck and the current card, large, in the middle; the running
 * multiplier under it; the row of the round's cards, each with its move and multiplier under
 * it; and at the bottom a band kept for the page's guess buttons (hilo.css sizes them to it).
 */

/** A box in CSS px from the canvas box's top left. */
export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The table's layout for one size. */
export interface HiloLayout {
  /** The current card. */
  readonly card: Box
  /** The deck's top card (the stack is drawn up and to the left of it). */
  readonly deck: Box
  /** The running multiplier's line (its centre is where the text is centred). */
  readonly running: Box
  /** The row's cards from the left: as many as fit, the newest last. */
  readonly row: readonly Box[]
  /** The badge line under each row card (same x and width as the card). */
  readonly badgeY: number
  readonly badgeHeight: number
}

/** The band at the bottom kept for the guess buttons over the canvas (CSS px). */
export const GUESS_BAND = 64

/** Below this width (CSS px) the frame's top bar may wrap. */
const NARROW = 480
const SIDE = 12
/** Card width over height, a poker card's. */
const CARD_RATIO = 0.7
const MAX_CARD = 240
const MAX_ROW = 12
const ROW_GAP = 6

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value))

/** The layout in a box of `width` × `height` CSS px. */
export function hiloLayout(width: number, height: number): HiloLayout {
  const top = width < NARROW ? 60 : 44
  const badgeHeight = 18
  const rowCard = Math.round(clamp(height * 0.16, 40, 84))
  const rowHeight = rowCard + badgeHeight + 4
  const runningHeight = 30
  const room = Math.max(40, height - top - rowHeight - runningHeight - GUESS_BAND - 16)
  const cardHeight = Math.round(Math.min(room, MAX_CARD, (width - 2 * SIDE) / 1.6 / CARD_RATIO))
  const cardWidth = Math.round(cardHeight * CARD_RATIO)
  const cardY = Math.round(top + (room - cardHeight) / 2)
  const card = {
    x: Math.round((width - cardWidth) / 2),
    y: cardY,
    width: cardWidth,
    height: cardHeight,
  }
  // The deck sits to the left at three quarters of the card's size, its top aligned.
  const deckWidth = Math.round(cardWidth * 0.75)
  const deckHeight = Math.round(cardHeight * 0.75)
  const deck = {
    x: Math.max(SIDE + 6, card.x - deckWidth - Math.max(12, cardWidth * 0.25)),
    y: cardY + Math.round((cardHeight - deckHeight) / 2),
    width: deckWidth,
    height: deckHeight,
  }
  const running = { x: 0, y: cardY + cardHeight + 8, width, height: runningHeight }
  const rowWidth = Math.round(rowCard * CARD_RATIO)
  const count = clamp(Math.floor((width - 2 * SIDE + ROW_GAP) / (rowWidth + ROW_GAP)), 1, MAX_ROW)
  const rowY = height - GUESS_BAND - rowHeight
  const left = Math.round((width - (count * rowWidth + (count - 1) * ROW_GAP)) / 2)
  const row = Array.from({ length: count }, (_, i) => ({
    x: left + i * (rowWidth + ROW_GAP),
    y: rowY,
    width: rowWidth,
    height: rowCard,
  }))
  return { card, deck, running, row, badgeY: rowY + rowCard + 2, badgeHeight }
}
