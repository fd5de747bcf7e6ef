/**
 * Miner's definition: a 5×5 board with 1–24 mines, played in steps on its own `miner` service
 * (SPEC.md section 7). Everything else about the game (its wire, namespace, round machine, server
 * module, verifier entry) is derived from this and its logic (`protocol.ts`); see
 * docs/adding-a-game.md.
 */
import { defineStatefulGame } from '../kit/stateful/define'

/** Miner. */
export const minerGame = defineStatefulGame({
  id: 'miner',
  service: 'miner',
  logic: () => import('./protocol').then((m) => m.minerLogic),
})
