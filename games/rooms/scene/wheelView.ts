/**
 * What the wheel draws, as plain data built from the round machine's snapshot, and the pure
 * geometry of the spin. The wheel is the ticket list laid round a circle: each purchase an arc of
 * its tickets in its buyer's colour, so the winning ticket has one exact place on it. The pointer
 * is at the top; after a draw the wheel turns a few times and slows onto that place.
 */
import type { SnapshotFrom } from 'xstate'
import { toLocalTime } from '../../kit/live/clock'
import type { roomsRoundMachine } from '../round.machine'
import { DRAW_SPIN_MS } from '../round.model'

/** One arc of the wheel: consecutive tickets of one colour. */
export interface WheelSlice {
  readonly first: number
  readonly count: number
  readonly colour: number
  /** Holds a ticket of the player's. */
  readonly mine: boolean
}

/** What the wheel scene draws. */
export interface WheelView {
  readonly roundId: string | null
  readonly phase: 'connecting' | 'open' | 'countdown' | 'drawing' | 'announced'
  readonly tickets: number
  readonly slices: readonly WheelSlice[]
  /** The winning ticket once drawn, else null. */
  readonly winningTicket: number | null
  /** The winner's slice index in `slices`, once drawn. */
  readonly winnerSlice: number | null
  /** When the spin started, on the local (frame) clock; null before a draw. */
  readonly spinFrom: number | null
  /** When the countdown ends, on the local clock; null when none runs. */
  readonly countdownEnds: number | null
  /** The line in the middle, translated (waiting, the winner's name, connecting). */
  readonly caption: string
}

/** Full turns the wheel makes before it rests on the winning ticket. */
export const SPIN_TURNS = 4

/**
 * The purchases as arcs: consecutive purchases of one colour and ownership merged, so a round of
 * thousands of small purchases by few players draws few arcs.
 */
export function wheelSlices(
  purchases: readonly { purchaseId: string; firstTicket: number; count: number; colour: number }[],
  mine: readonly string[],
): WheelSlice[] {
  const slices: WheelSlice[] = []
  for (const p of purchases) {
    const own = mine.includes(p.purchaseId)
    const last = slices[slices.length - 1]
    if (last && last.colour === p.colour && last.mine === own) {
      slices[slices.length - 1] = { ...last, count: last.count + p.count }
    } else {
      slices.push({ first: p.firstTicket, count: p.count, colour: p.colour, mine: own })
    }
  }
  return slices
}

/** The index of the slice holding `ticket`, or null. */
export function sliceOf(slices: readonly WheelSlice[], ticket: number): number | null {
  const index = slices.findIndex((s) => ticket >= s.first && ticket < s.first + s.count)
  return index === -1 ? null : index
}

/**
 * The wheel's rotation, in radians, that puts the middle of `ticket` of `tickets` under the
 * pointer at the top (angles from the top, clockwise, as the scene lays tickets out).
 */
export function restingRotation(ticket: number, tickets: number): number {
  return -(((ticket + 0.5) / tickets) * 2 * Math.PI)
}

/** Ease-out cubic: fast at first, slowing to a stop. */
const easeOut = (t: number) => 1 - (1 - t) ** 3

/**
 * The rotation `elapsed` ms into the spin onto `resting`: SPIN_TURNS turns more at the start,
 * exactly `resting` from DRAW_SPIN_MS on (and at once under reduced motion).
 */
export function spinRotation(resting: number, elapsed: number, reducedMotion: boolean): number {
  if (reducedMotion || elapsed >= DRAW_SPIN_MS) return resting
  const progress = easeOut(Math.max(0, elapsed) / DRAW_SPIN_MS)
  return resting - SPIN_TURNS * 2 * Math.PI * (1 - progress)
}

type Snapshot = SnapshotFrom<typeof roomsRoundMachine>

/** The texts the view needs, translated by the page. */
export interface WheelLabels {
  connecting: string
  waiting: string
  /** The winner line with `{{name}}` in it. */
  winner: string
  hidden: string
}

/** The phase the wheel shows for the machine's state. */
export function wheelPhase(snapshot: Snapshot): WheelView['phase'] {
  if (snapshot.matches({ round: { drawing: 'announced' } })) return 'announced'
  if (snapshot.matches({ round: 'drawing' })) return 'drawing'
  if (snapshot.matches({ round: 'countdown' })) return 'countdown'
  if (snapshot.matches({ round: 'open' })) return 'open'
  return 'connecting'
}

/** The wheel of the snapshot's round. */
export function toWheelView(snapshot: Snapshot, labels: WheelLabels): WheelView {
  const { round, mine, clockOffset } = snapshot.context
  const phase = wheelPhase(snapshot)
  if (!round) {
    const empty = { slices: [], tickets: 0, winningTicket: null, winnerSlice: null }
    return {
      roundId: null,
      phase,
      ...empty,
      spinFrom: null,
      countdownEnds: null,
      caption: labels.connecting,
    }
  }
  const slices = wheelSlices(round.purchases, mine)
  const draw = round.draw
  const winnerName = draw ? (draw.winner.player ?? labels.hidden) : null
  return {
    roundId: round.id,
    phase,
    tickets: round.tickets,
    slices,
    winningTicket: draw?.winningTicket ?? null,
    winnerSlice: draw ? sliceOf(slices, draw.winningTicket) : null,
    spinFrom: draw ? toLocalTime(draw.drawnAt, clockOffset) : null,
    countdownEnds:
      phase === 'countdown' && round.countdownEndsAt !== null
        ? toLocalTime(round.countdownEndsAt, clockOffset)
        : null,
    caption:
      phase === 'announced' && winnerName !== null
        ? labels.winner.replace('{{name}}', winnerName)
        : phase === 'open'
          ? labels.waiting
          : phase === 'connecting'
            ? labels.connecting
            : '',
  }
}

/** The widest glyph advance of the centre text's bold at scale 1 (24 px), px. */
export const GLYPH_WIDTH = 16
/** The smallest scale the centre text is drawn at (12 px): below it a line is cut instead. */
export const MIN_TEXT_SCALE = 0.5

/**
 * The centre line fitted to `room` px across (the hub): its scale from its longest line at the
 * bold's widest advance (about 0.65 em, Cyrillic's Ж and Ш), not measured, which would lay the
 * glyphs out and needs a canvas; at most `max`. A line too long to be read at
 * {@link MIN_TEXT_SCALE} is cut with an ellipsis (a winner's long name on a phone's small hub:
 * the page's announcement above the canvas says it whole).
 */
export function fitCentreText(
  text: string,
  room: number,
  max: number,
): { text: string; scale: number } {
  const widthOf = (lines: readonly string[]) =>
    Math.max(1, ...lines.map((line) => [...line].length)) * GLYPH_WIDTH
  let lines = text.split('\n')
  if (room / widthOf(lines) < MIN_TEXT_SCALE) {
    const chars = Math.max(2, Math.floor(room / (MIN_TEXT_SCALE * GLYPH_WIDTH)))
    lines = lines.map((line) =>
      [...line].length > chars ? `${[...line].slice(0, chars - 1).join('')}…` : line,
    )
  }
  return { text: lines.join('\n'), scale: Math.min(max, room / widthOf(lines)) }
}
