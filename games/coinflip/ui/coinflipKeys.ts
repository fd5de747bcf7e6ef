/**
 * Coinflip's own keys, added to the stateful kit's (Space, C, S/D/A/F, R, ?): H calls heads and
 * T calls tails, each named by the side it calls, which the page's handler plays; and the random
 * call the kit's R and its button make, drawn in the browser (never from the seed pair).
 */
import type { GameShortcut } from '../../kit/stateful/ui/statefulHotkeys'
import { cryptoRandomIndex, randomPick, type RandomIndex } from '../../kit/ui/randomPick'
import { isSide, SIDES, type Side } from '../rules'
import { CALL_KEYS } from './CoinflipControls'

/** Coinflip's shortcuts, as the kit's table of a game's own keys takes them. */
export const COINFLIP_SHORTCUTS: readonly GameShortcut[] = [
  { key: CALL_KEYS.heads, match: 'KeyH', id: 'heads', label: 'coinflip:keys.heads' },
  { key: CALL_KEYS.tails, match: 'KeyT', id: 'tails', label: 'coinflip:keys.tails' },
]

/** The call a shortcut's id names, or null for an id that is not coinflip's. */
export function callOfShortcut(id: string): Side | null {
  return isSide(id) ? id : null
}

/** A random call, heads or tails with even odds (`random` for tests). */
export function randomCall(random: RandomIndex = cryptoRandomIndex): Side {
  return randomPick(SIDES, random) ?? 'heads'
}
