/**
 * Coinflip's own keys, added to the stateful kit's (Space, C, S/D/A/F, R, ?): H calls heads and
 * T calls tails. Each names the call it makes by its side, which the page's handler plays.
 */
import { isSide, type Side } from '../rules'
import { CALL_KEYS } from './CoinflipControls'

/** Coinflip's shortcuts, as the kit's table of a game's own keys takes them. */
export const COINFLIP_SHORTCUTS = [
  { key: CALL_KEYS.heads, match: 'KeyH', id: 'heads', label: 'coinflip:keys.heads' },
  { key: CALL_KEYS.tails, match: 'KeyT', id: 'tails', label: 'coinflip:keys.tails' },
] as const

/** The call a shortcut's id names, or null for an id that is not coinflip's. */
export function callOfShortcut(id: string): Side | null {
  return isSide(id) ? id : null
}
