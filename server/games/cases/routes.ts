/**
 * The cases catalogue's HTTP calls (contract/cases.ts), public: the cases on offer, one case by
 * slug with every item, its probability, its ticket range and the RTP, and any item table ever
 * offered, by hash (an opening's proof names it).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { CASES_PATH, CASE_TABLES_PATH, caseSlug } from '../../../contract'
import { messageError } from '../../http/errors'
import { parseParams } from '../../http/parse'
import type { Services } from '../../services'
import { caseCatalogue } from './service'

const route = (path: string) => path.replace(/^\/api/, '')
const slugParams = z.object({ slug: caseSlug })
const hashParams = z.object({ hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)) })

/** Registers the catalogue's routes on the `/api` scope. */
export function casesRoutes(app: FastifyInstance, s: Services): void {
  const catalogue = () => caseCatalogue(s)

  app.get(route(CASES_PATH), async () => ({ data: await catalogue().list() }))

  app.get(`${route(CASES_PATH)}/:slug`, async (req) => {
    const { slug } = parseParams(slugParams, req)
    const found = await catalogue().bySlug(slug)
    if (!found) throw messageError(404, 'not_found', { case: slug })
    return found
  })

  app.get(`${route(CASE_TABLES_PATH)}/:hash`, async (req) => {
    const { hash } = parseParams(hashParams, req)
    const found = await catalogue().table(hash)
    if (!found) throw messageError(404, 'not_found', { table: hash })
    return found
  })
}
