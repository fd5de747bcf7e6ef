import { STORABLE_TEXT, type CatalogueSort } from '../../contract'

/**
 * A keyset position in one sort of the catalogue: the sort key and id of a page's last game.
 * The wire carries it as base64url JSON, opaque to the client.
 */
export type CataloguePosition =
  | { sort: 'popular'; value: number; id: string }
  | { sort: 'new'; value: string; id: string }
  | { sort: 'title'; value: string; id: string }

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The cursor of the page after `position`. */
export function encodeCursor(position: CataloguePosition): string {
  return Buffer.from(JSON.stringify([position.sort, position.value, position.id])).toString(
    'base64url',
  )
}

/** A real calendar day PostgreSQL's DATE reads (years 1000 to 9999, no 30 February). */
function isDay(text: string): boolean {
  const m = DATE.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/**
 * The position a cursor of `sort` names, or null for anything this server did not issue for that
 * sort (another sort's cursor, bytes that are no JSON, a value the column could not hold): every
 * value that reaches SQL is checked here, so a forged cursor is a 400, never a database error.
 */
export function decodeCursor(raw: string, sort: CatalogueSort): CataloguePosition | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) return null
  const [, value, id] = parsed as [unknown, unknown, unknown]
  if (typeof id !== 'string' || id.length > 64 || !SLUG.test(id)) return null
  if (sort === 'popular') {
    // The column is an INT.
    const ok = typeof value === 'number' && Number.isInteger(value) && value >= 0
    return ok && value <= 2 ** 31 - 1 ? { sort, value, id } : null
  }
  if (typeof value !== 'string') return null
  if (sort === 'new') return isDay(value) ? { sort, value, id } : null
  const storable = value.length >= 1 && value.length <= 100 && STORABLE_TEXT.test(value)
  return storable ? { sort, value, id } : null
}
