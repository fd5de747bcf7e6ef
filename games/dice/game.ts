/**
 * Dice's definition: a roll of 0.00–100.00 over or under a target, on its own `dice` service.
 * Everything else about the game (its wire, namespace, machines, server module, verifier entry)
 * is derived from this and its logic (`protocol.ts`); see docs/adding-a-game.md.
 */
import { defineInstantGame } from '../kit/instant/define'

/** Dice. */
export const diceGame = defineInstantGame({
  id: 'dice',
  service: 'dice',
  logic: () => import('./protocol').then((m) => m.diceLogic),
})
