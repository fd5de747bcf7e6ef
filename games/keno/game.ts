/**
 * Keno's definition: 1–10 numbers of 40 against a draw of ten, four risk tables, on its own
 * `keno` service (SPEC.md section 7). Everything else about the game (its wire, namespace,
 * machines, server module, verifier entry) is derived from this and its logic (`protocol.ts`);
 * see docs/adding-a-game.md.
 */
import { defineInstantGame } from '../kit/instant/define'

/** Keno. */
export const kenoGame = defineInstantGame({
  id: 'keno',
  service: 'keno',
  logic: () => import('./protocol').then((m) => m.kenoLogic),
})
