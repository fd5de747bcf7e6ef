/**
 * Cases, as the shell, the tools and the tests see it: the wire, the rules, the round machine and
 * its adapter to a transport, the catalogue and the case page (cases' module on the kit's
 * `GamePage`). Exports are listed by name (lint bans `export *`).
 */
export { casesWire, caseOutcomeSchema, caseParamsSchema } from './protocol'
export type { CaseBetAck, CaseBetCommand } from './protocol'
export {
  MAX_CASES_PER_OPENING,
  caseRules,
  openCases,
  tableHash,
  type CaseOutcome,
  type CaseParams,
  type CaseTable,
} from './rules'
export { casesRoundMachine } from './round.machine'
export {
  CASES_NAMESPACE,
  casesCommandActors,
  casesEventFromStream,
  casesStreamWire,
} from './stream'

/** The catalogue for /games/cases, and the live case page for /games/cases/{slug}. */
export { CasesCatalogue, type CasesCatalogueProps } from './ui/CasesCatalogue'
export { CaseGame, casesGame, casesPageHooks, type CaseGameProps } from './ui/CaseGame'
