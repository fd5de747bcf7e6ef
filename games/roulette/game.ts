/**
 * Roulette's definition: European roulette (one zero), on the shared `general` service.
 * Everything else about the game is derived from this and its logic (`protocol.ts`); see
 * docs/adding-a-game.md.
 */
import { defineInstantGame } from '../kit/instant/define'

/** Roulette. */
export const rouletteGame = defineInstantGame({
  id: 'roulette',
  service: 'general',
  logic: () => import('./protocol').then((m) => m.rouletteLogic),
})
