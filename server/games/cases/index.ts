/**
 * The cases module: an instant game on the kit (kit/instant), `/cases` on the `cases` service.
 * Its rules are data: each opening reads its case's price and current item table
 * (`caseRules` of games/cases/rules.ts, the same code the verifier runs), and its params name the
 * table's hash, which must be the one the case offers now. Its routes are the catalogue.
 */
import { casesWire } from '../../../games/cases/protocol'
import { caseRules } from '../../../games/cases/rules'
import { instantGameModule } from '../kit/instant/module'
import { casesRoutes } from './routes'
import { caseCatalogue } from './service'

/** The cases module. */
export function casesModule() {
  return instantGameModule(
    {
      id: 'cases',
      // Never used: every bet takes its case's rules (rulesFor).
      rules: {
        game: 'cases',
        refusal: () => 'bad_request',
        maxPayout: () => {
          throw new Error('[cases] no case named')
        },
        settle: () => {
          throw new Error('[cases] no case named')
        },
      },
    },
    casesWire,
    'cases',
    {
      rulesFor: async (services, params) => {
        const kase = await caseCatalogue(services).openable(params.case)
        return kase ? caseRules(kase) : null
      },
      routes: casesRoutes,
    },
  )
}
