/**
 * The cases catalogue over HTTP (contract/cases.ts), parsed on arrival: the list, one case, and
 * an item table by hash. Public calls against the cases service's origin.
 */
import type { z } from 'zod/mini'
import {
  CASES_PATH,
  CASE_TABLES_PATH,
  caseResponse,
  caseTableResponse,
  casesResponse,
  type CaseResponse,
  type CaseSummary,
} from '../../../contract'
import { parseCanonicalTable } from '../protocol'
import type { CaseTable } from '../rules'

/** A call's end: the answer, "no such case", or a failure worth a retry. */
export type Loaded<T> = { type: 'ok'; value: T } | { type: 'notFound' } | { type: 'failed' }

async function getJson<T>(
  url: string,
  schema: z.ZodMiniType<T>,
  signal: AbortSignal,
): Promise<Loaded<T>> {
  let response: Response
  let body: unknown
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } })
    body = await response.json()
  } catch (error) {
    if (signal.aborted) throw error
    return { type: 'failed' }
  }
  if (response.status === 404) return { type: 'notFound' }
  if (!response.ok) return { type: 'failed' }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new Error(`[cases/catalogue] malformed answer of ${url}`)
  return { type: 'ok', value: parsed.data }
}

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, '')

/** The catalogue: every case on offer, cheapest first. */
export async function loadCases(
  serviceUrl: string,
  signal: AbortSignal,
): Promise<Loaded<CaseSummary[]>> {
  const got = await getJson(`${base(serviceUrl)}${CASES_PATH}`, casesResponse, signal)
  return got.type === 'ok' ? { type: 'ok', value: got.value.data } : got
}

/** One case with every item. */
export function loadCase(
  serviceUrl: string,
  slug: string,
  signal: AbortSignal,
): Promise<Loaded<CaseResponse>> {
  return getJson(
    `${base(serviceUrl)}${CASES_PATH}/${encodeURIComponent(slug)}`,
    caseResponse,
    signal,
  )
}

/** A case's answer as the rules' table. */
export function tableOf(kase: CaseResponse): CaseTable {
  return {
    currency: kase.currency,
    items: kase.items.map(({ id, name, value, rarity, tickets }) => ({
      id,
      name,
      value,
      rarity,
      tickets,
    })),
  }
}

/**
 * An item table by its hash, as an opening named it: the canonical text the server hashed, read
 * back here (a text that is not a table, or whose hash is not `hash`, is not that table).
 */
export async function loadCaseTable(
  serviceUrl: string,
  hash: string,
  signal: AbortSignal,
): Promise<Loaded<CaseTable>> {
  const got = await getJson(
    `${base(serviceUrl)}${CASE_TABLES_PATH}/${encodeURIComponent(hash)}`,
    caseTableResponse,
    signal,
  )
  if (got.type !== 'ok') return got
  const table = parseCanonicalTable(got.value.canonical)
  if (!table) throw new Error(`[cases/catalogue] the table ${hash} is not a canonical table`)
  return { type: 'ok', value: table }
}
