/**
 * What the coinflip scene draws, pure: the round's flips (each call and the side it landed on),
 * the call in flight while its answer is awaited (the coin spins), the coin's face labels and a
 * caption (the streak's multiplier, or the round's result).
 */
import type { CoinflipFlip, CoinflipView } from '../protocol'
import type { Side } from '../rules'

/** A caption's tone: the round in play, a win, a loss. */
export type CaptionTone = 'neutral' | 'won' | 'lost'

/** The coinflip scene's view model. */
export interface CoinflipSceneView {
  /** The round the flips belong to: a new id shows its flips at once, without a landing. */
  roundId: string | null
  /** The flips so far, oldest first. */
  flips: readonly CoinflipFlip[]
  /** The call sent and not yet answered: the coin spins until its flip arrives. */
  spinning: Side | null
  /** Land each flip at once (the instant-play setting). */
  instant: boolean
  /** The words on the coin's faces, translated. */
  faces: Readonly<Record<Side, string>>
  /** The line under the coin, translated, or null. */
  caption: { text: string; tone: CaptionTone } | null
}

/** The round as the scene needs it: its id and public view (a stateful round's fields). */
export interface CoinflipRoundShown {
  readonly roundId: string
  readonly view: CoinflipView
}

/** The scene's view of the round shown (null before the first) and the call in flight. */
export function toCoinflipView(
  round: CoinflipRoundShown | null,
  spinning: Side | null,
  instant: boolean,
  faces: Readonly<Record<Side, string>>,
  caption: CoinflipSceneView['caption'],
): CoinflipSceneView {
  return {
    roundId: round?.roundId ?? null,
    flips: round?.view.flips ?? [],
    spinning,
    instant,
    faces,
    caption,
  }
}
