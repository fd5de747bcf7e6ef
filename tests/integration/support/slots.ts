import type { Endpoint } from './endpoints'

/**
 * Where a request carries a value the fuzz tests replace: a leaf of the JSON body (a string,
 * a number or a null that stands for a nullable string), a query parameter, or a path id.
 */
export type Slot =
  | { kind: 'body'; path: readonly string[]; example: unknown }
  | { kind: 'query'; key: string; example: string }
  | { kind: 'param'; index: number; example: string }

/** The path segments of the endpoint table that are ids (as the coverage test reads them). */
const PARAM = /^(1|00000000-[0-9a-f-]+|WELCOME100)$/

/**
 * Query parameters the table's example paths leave out, with a valid value each: every one the
 * server reads must meet the fuzz too.
 */
const EXTRA_QUERIES: Record<string, Record<string, string>> = {
  '/api/profile/user': { whoAreYou: 'WELCOME100' },
  '/api/profile/history': { limit: '5' },
  '/api/sandbox/outbox': { to: 'a@b.test', limit: '5' },
  '/api/catalogue/games': {
    category: 'jackpot',
    provider: 'tessera-sandbox',
    q: 'book',
    sort: 'title',
    limit: '5',
  },
  '/api/sandbox/attribution': { email: 'a@b.test', limit: '5' },
}

/** Every slot of an endpoint: its body's leaves, its query parameters, its path ids. */
export function slotsOf(e: Endpoint): Slot[] {
  const slots: Slot[] = []
  const walk = (value: unknown, path: string[]) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k])
    } else if (path.length > 0) {
      slots.push({ kind: 'body', path, example: value })
    }
  }
  walk(e.body, [])
  const [pathname, search] = splitUrl(e)
  for (const [key, example] of Object.entries(queryOf(e, search))) {
    slots.push({ kind: 'query', key, example })
  }
  pathname.split('/').forEach((segment, index) => {
    if (PARAM.test(segment)) slots.push({ kind: 'param', index, example: segment })
  })
  return slots
}

/** A slot's value as the request carries it: JSON in a body, text in a URL. */
export type SlotValue = { json: unknown } | { rawJson: string } | { text: string }

/** The endpoint's request with one slot replaced. */
export function requestWith(
  e: Endpoint,
  slot: Slot,
  value: SlotValue,
): { url: string; body?: unknown; raw?: string } {
  const [pathname, search] = splitUrl(e)
  const query = queryOf(e, search)
  const segments = pathname.split('/')
  if (slot.kind === 'body') {
    if ('text' in value) throw new Error('[slots] a body slot takes JSON')
    const placeholder = '\u0001slot\u0001'
    const body = setIn(e.body ?? {}, slot.path, 'json' in value ? value.json : placeholder)
    const url = urlOf(segments, query)
    if ('json' in value) return { url, body }
    // A literal JSON.stringify cannot write (1e400, -0, 1.0): put in as text.
    return { url, raw: JSON.stringify(body).replace(JSON.stringify(placeholder), value.rawJson) }
  }
  if (!('text' in value)) throw new Error('[slots] a URL slot takes text')
  if (slot.kind === 'query') query[slot.key] = value.text
  else segments[slot.index] = encodeURIComponent(value.text)
  return { url: urlOf(segments, query), body: e.body }
}

function splitUrl(e: Endpoint): [string, string] {
  const [pathname, search = ''] = e.path.split('?')
  return [pathname!, search]
}

function queryOf(e: Endpoint, search: string): Record<string, string> {
  const [pathname] = splitUrl(e)
  return { ...Object.fromEntries(new URLSearchParams(search)), ...EXTRA_QUERIES[pathname] }
}

function urlOf(segments: string[], query: Record<string, string>): string {
  const search = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
  return segments.join('/') + (search ? `?${search}` : '')
}

function setIn(body: Record<string, unknown>, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  const child = body[head]
  return {
    ...body,
    [head]:
      rest.length === 0 ? value : setIn((child ?? {}) as Record<string, unknown>, rest, value),
  }
}
