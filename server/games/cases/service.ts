/**
 * The catalogue of one server (one `Services`), made on first use, so the module's bets and the
 * HTTP routes share its cache of tables.
 */
import type { Services } from '../../services'
import { CaseCatalogue } from './catalogue'

const catalogues = new WeakMap<Services, CaseCatalogue>()

/** The cases catalogue of `services`. */
export function caseCatalogue(services: Services): CaseCatalogue {
  const known = catalogues.get(services)
  if (known) return known
  const made = new CaseCatalogue(services.db, () => services.now().getTime())
  catalogues.set(services, made)
  return made
}
