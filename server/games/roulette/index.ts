/**
 * The roulette module: an instant game on the kit (kit/instant), `/roulette` on the `general`
 * service. Its outcome is `games/roulette/rules.ts` (`rouletteRules`), the same code the verifier
 * runs.
 */
import { rouletteWire } from '../../../games/roulette/protocol'
import { rouletteRules } from '../../../games/roulette/rules'
import { instantGameModule } from '../kit/instant/module'

/** The roulette module. */
export function rouletteModule() {
  return instantGameModule({ id: 'roulette', rules: rouletteRules }, rouletteWire, 'general')
}
