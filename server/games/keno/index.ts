/**
 * The keno module: an instant game on the kit (kit/instant), `/keno` on the `keno` service
 * (SPEC.md section 7). Its outcome is `games/keno/rules.ts` (`kenoRules`), the same code the
 * verifier runs.
 */
import { kenoWire } from '../../../games/keno/protocol'
import { kenoRules } from '../../../games/keno/rules'
import { instantGameModule } from '../kit/instant/module'

/** The keno module. */
export function kenoModule() {
  return instantGameModule({ id: 'keno', rules: kenoRules }, kenoWire, 'keno')
}
