/**
 * The dice module: an instant game on the kit (kit/instant), `/dice` on the `dice` service. Its
 * outcome is `games/dice/rules.ts` (`diceRules`), the same code the verifier runs.
 */
import { diceWire } from '../../../games/dice/protocol'
import { diceRules } from '../../../games/dice/rules'
import { instantGameModule } from '../kit/instant/module'

/** The dice module. */
export function diceModule() {
  return instantGameModule({ id: 'dice', rules: diceRules }, diceWire, 'dice')
}
