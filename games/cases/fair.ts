/**
 * `npm run fair -- cases`: the tickets of an opening and, given the item table the opening named
 * (`--table`, the file `GET /api/games/case-tables/<hash>` serves, or its canonical text), the
 * item each ticket drew with its value, the payout, and with `--price` each item's multiplier:
 * what the proof page shows (`CaseBetProof`), in English. Pure: the verifier reads the file.
 */
import { formatMoney, parseMoney, type Minor } from '../engine/money'
import type { InstantFair } from '../kit/instant/define'
import { MULTIPLIER_SCALE, multiplierOf } from '../kit/instant/protocol'
import {
  itemIndexOfTicket,
  MAX_CASES_PER_OPENING,
  tableError,
  tableHash,
  type CaseOutcome,
  type CaseParams,
  type CaseTable,
} from './rules'

/** An opening's params as the verifier takes them: with the opening's table and price, if given. */
export interface CaseFairParams extends CaseParams {
  /** The item table the opening named (its hash is `table`). */
  readonly itemTable?: CaseTable
  /** The price of one case, for each item's multiplier. */
  readonly price?: Minor
}

const EXAMPLE_TABLE = '0'.repeat(64)

/**
 * A table file's text: the service's answer (`{ "canonical": … }`) or the canonical text itself.
 * `parse` is the canonical text's reader (protocol's `parseCanonicalTable`).
 */
function tableOf(text: string, parse: (canonical: string) => CaseTable | null): CaseTable | null {
  let canonical = text.trim()
  try {
    const json: unknown = JSON.parse(canonical)
    if (json !== null && typeof json === 'object' && 'canonical' in json) {
      if (typeof json.canonical !== 'string') return null
      canonical = json.canonical
    }
  } catch {
    return null
  }
  const table = parse(canonical)
  return table && tableError(table) === null ? table : null
}

/** Cases' verifier entry; `parse` reads a table's canonical text. */
export function casesFair(
  parse: (canonical: string) => CaseTable | null,
): InstantFair<CaseFairParams, CaseOutcome> {
  return {
    usage: `ticket = floor(float * 100000) + 1, one per case (floats 0..n-1)
                [--count <1-${MAX_CASES_PER_OPENING}>] [--table <file> [--price <major units>]]
                --table: the opening's item table (GET /api/games/case-tables/<hash>), to print
                each ticket's item, its value and (with the case's --price) its multiplier`,
    options: ['count', 'table', 'price'],
    files: ['table'],
    params({ count, table: text, price }) {
      if (count === undefined && text === undefined && price === undefined) return null
      const n = count === undefined ? 1 : Number(count)
      if (count !== undefined && (!/^\d$/.test(count) || n < 1 || n > MAX_CASES_PER_OPENING)) {
        return { error: `--count must be 1 to ${MAX_CASES_PER_OPENING}, got "${count}"` }
      }
      if (text === undefined) {
        if (price !== undefined) return { error: '--price needs --table' }
        return { case: 'example', table: EXAMPLE_TABLE, count: n }
      }
      const itemTable = tableOf(text, parse)
      if (!itemTable) return { error: '--table is not an item table' }
      const opening = { case: 'example', table: tableHash(itemTable), count: n, itemTable }
      if (price === undefined) return opening
      const parsed = parseMoney(price, itemTable.currency)
      if (!parsed.ok || parsed.value < 1) {
        return {
          error: `--price must be a positive amount of ${itemTable.currency}, got "${price}"`,
        }
      }
      return { ...opening, price: parsed.value }
    },
    verdict({ itemTable, price, table }, { outcome }) {
      if (!itemTable) return []
      const money = (value: number) => formatMoney(value as Minor, itemTable.currency, 'en')
      let payout = 0
      const lines = outcome.tickets.map((ticket) => {
        const item = itemTable.items[itemIndexOfTicket(itemTable, ticket)]!
        payout += item.value
        const times =
          price === undefined
            ? ''
            : ` (${(multiplierOf(price, item.value) / MULTIPLIER_SCALE).toFixed(4)}x)`
        return `ticket ${ticket}: ${item.name.en}, ${money(item.value)}${times}`
      })
      return [...lines, `payout ${money(payout)}`, `item table ${table}`]
    },
  }
}
