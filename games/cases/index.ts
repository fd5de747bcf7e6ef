/**
 * Cases, as the shell, the tools and the tests see it: the definition, the logic and rules, the
 * browser side the kit derives (wire, machines, stream), the catalogue (the registry's route,
 * `/games/cases`) and the case page (`/games/cases/{slug}`, cases' module on the kit's
 * `GamePage`). Exports are listed by name (lint bans `export *`).
 */
export { casesGame } from './game'
export { casesLogic, caseOutcomeSchema, caseParamsSchema, parseCanonicalTable } from './protocol'
export { casesClient, casesWire } from './client'
export {
  MAX_CASES_PER_OPENING,
  caseRules,
  openCases,
  tableHash,
  type CaseOutcome,
  type CaseParams,
  type CaseTable,
} from './rules'

export { CasesCatalogueGame } from './ui/CasesCatalogue'
export { CaseGame, casesModule, casesPageHooks, type CaseGameProps } from './ui/CaseGame'
