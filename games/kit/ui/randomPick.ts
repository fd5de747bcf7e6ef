/**
 * The player's random choices (keno's auto-pick, miner's random tile), drawn in the browser from
 * `crypto.getRandomValues`: never from the seed pair, which decides outcomes, not choices.
 */

/** A source of uniform integers in `[0, below)`. */
export type RandomIndex = (below: number) => number

/** Uniform integers from the browser's `crypto.getRandomValues`, without modulo bias. */
export function cryptoRandomIndex(below: number): number {
  const limit = Math.floor(0x1_0000_0000 / below) * below
  const word = new Uint32Array(1)
  do crypto.getRandomValues(word)
  while (word[0]! >= limit)
  return word[0]! % below
}

/** One of `items`, uniformly (`random` for tests), or null when there is none to pick. */
export function randomPick<T>(
  items: readonly T[],
  random: RandomIndex = cryptoRandomIndex,
): T | null {
  return items.length === 0 ? null : items[random(items.length)]!
}
