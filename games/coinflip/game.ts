/**
 * Coinflip's definition: call heads or tails flip after flip, 0.99 × 2^n after n correct calls,
 * cash out at any point, on its own `coinflip` service (SPEC.md section 7) and limits. Everything
 * else about the game (its wire, namespace, machine, server module, verifier) is derived from
 * this and its logic (`protocol.ts`); see docs/adding-a-game.md.
 */
import { defineStatefulGame } from '../kit/stateful/define'

/** Coinflip. */
export const coinflipGame = defineStatefulGame({
  id: 'coinflip',
  service: 'coinflip',
  logic: () => import('./protocol').then((m) => m.coinflipLogic),
})
