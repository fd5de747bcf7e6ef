/**
 * Cases on the server: the instant kit derives its module from the definition
 * (games/cases/game.ts); what this adds is the data its rules are: each opening reads its case's
 * price and current item table from the catalogue (`caseRules` of games/cases/rules.ts, the same
 * code the verifier runs), and its params must name that table's hash. Its routes are the
 * catalogue.
 */
import { caseParamsSchema } from '../../../games/cases/protocol'
import { caseRules } from '../../../games/cases/rules'
import type { InstantRules } from '../../../games/kit/instant/rules'
import type { InstantServerParts } from '../kit/instant/module'
import { casesRoutes } from './routes'
import { caseCatalogue } from './service'

/** What cases add to their derived module: each opening's rules, and the catalogue's routes. */
export const casesServerParts: InstantServerParts = {
  async rulesFor(services, params) {
    const parsed = caseParamsSchema.safeParse(params)
    if (!parsed.success) return null
    const kase = await caseCatalogue(services).openable(parsed.data.case)
    return kase ? (caseRules(kase) as InstantRules<unknown, unknown>) : null
  },
  routes: casesRoutes,
}
