/**
 * The cases on offer and every item table they ever offered (migration 020). Tables are immutable
 * and named by their hash: creating or editing a case adds its table (once per hash) and points
 * the case at it, with a new version row. A case is refused when it is created (or re-tabled) if
 * its table is not legal or an opening of five could pay more than the maximum payout per bet
 * (`caseRefusal` in games/cases/rules.ts).
 */
import type {
  CaseItemResponse,
  CaseResponse,
  CaseSummary,
  CaseTableResponse,
  Currency,
  Minor,
} from '../../../contract'
import { parseCanonicalTable } from '../../../games/cases/protocol'
import {
  canonicalTable,
  caseRefusal,
  rtpHundredths,
  tableHash,
  ticketRanges,
  topItem,
  type CaseRefusal,
  type CaseTable,
  type CaseText,
  type OpenableCase,
} from '../../../games/cases/rules'
import type { Db, Queryable } from '../../db/db'

/** A case to create or to change. */
export interface CaseInput {
  readonly slug: string
  readonly name: CaseText
  readonly image: string
  readonly price: Minor
  readonly table: CaseTable
  readonly sort?: number
}

interface CaseRow {
  id: number
  slug: string
  name: CaseText
  image: string
  price: number
  currency: Currency
  table_hash: string
  canonical: string
}

const SELECT_CASES = `SELECT c.id, c.slug, c.name, c.image, c.price, c.currency, c.table_hash,
    t.canonical
  FROM cases c JOIN case_tables t ON t.hash = c.table_hash`

/** The items of a table with their published ranges, as the contract sends them. */
export function itemsWithRanges(table: CaseTable): CaseItemResponse[] {
  const ranges = ticketRanges(table)
  return table.items.map((item, i) => ({ ...item, ...ranges[i]! }))
}

/** The cases catalogue of one database. */
export class CaseCatalogue {
  /** Tables by hash: they never change, so once read they are kept. */
  private readonly tables = new Map<string, CaseTable>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Creates a case, or gives an existing one (same slug) a new name, price or table; refused whole
   * when `caseRefusal` says so. An unchanged table keeps its hash and its version.
   */
  async save(input: CaseInput): Promise<CaseRefusal | { hash: string; version: number }> {
    const refusal = caseRefusal(input.price, input.table)
    if (refusal) return refusal
    const canonical = canonicalTable(input.table)
    const hash = tableHash(input.table)
    const at = this.now()
    const version = await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO case_tables (hash, currency, canonical, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (hash) DO NOTHING`,
        [hash, input.table.currency, canonical, at],
      )
      const [row] = await tx.query<{ id: number; table_hash: string; price: number }>(
        `INSERT INTO cases (slug, name, image, price, currency, table_hash, sort, created_at,
           updated_at)
         VALUES ($1, $2::text::jsonb, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, image = EXCLUDED.image,
           price = EXCLUDED.price, currency = EXCLUDED.currency, table_hash = EXCLUDED.table_hash,
           sort = EXCLUDED.sort, updated_at = EXCLUDED.updated_at
         RETURNING id, table_hash, price`,
        [
          input.slug,
          JSON.stringify(input.name),
          input.image,
          input.price,
          input.table.currency,
          hash,
          input.sort ?? 0,
          at,
        ],
      )
      return this.version(tx, row!.id, hash, input.price, at)
    })
    return { hash, version }
  }

  /** The case's version for this table and price: the latest one, or a new one after it. */
  private async version(
    tx: Queryable,
    caseId: number,
    hash: string,
    price: Minor,
    at: number,
  ): Promise<number> {
    const [latest] = await tx.query<{ version: number; table_hash: string; price: number }>(
      `SELECT version, table_hash, price FROM case_versions WHERE case_id = $1
       ORDER BY version DESC LIMIT 1`,
      [caseId],
    )
    if (latest && latest.table_hash === hash && latest.price === price) return latest.version
    const version = (latest?.version ?? 0) + 1
    await tx.query(
      `INSERT INTO case_versions (case_id, version, table_hash, price, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [caseId, version, hash, price, at],
    )
    return version
  }

  /** Every case on offer, cheapest first, with its top item and its RTP. */
  async list(): Promise<CaseSummary[]> {
    const rows = await this.db.query<CaseRow>(`${SELECT_CASES} ORDER BY c.price, c.sort, c.slug`)
    return rows.map((row) => {
      const table = this.tableOf(row)
      const top = topItem(table)
      return {
        slug: row.slug,
        name: row.name,
        image: row.image,
        price: row.price as Minor,
        currency: row.currency,
        rtp: rtpHundredths(table, row.price as Minor),
        top: { id: top.id, name: top.name, value: top.value, rarity: top.rarity },
      }
    })
  }

  /** One case with every item, its range and its RTP; null when there is none. */
  async bySlug(slug: string): Promise<CaseResponse | null> {
    const row = await this.row(slug)
    if (!row) return null
    const table = this.tableOf(row)
    return {
      slug: row.slug,
      name: row.name,
      image: row.image,
      price: row.price as Minor,
      currency: row.currency,
      rtp: rtpHundredths(table, row.price as Minor),
      table_hash: row.table_hash,
      items: itemsWithRanges(table),
    }
  }

  /** The case as an opening draws from it now (its current table and price); null: none. */
  async openable(slug: string): Promise<OpenableCase | null> {
    const row = await this.row(slug)
    if (!row) return null
    return {
      slug: row.slug,
      price: row.price as Minor,
      table: this.tableOf(row),
      hash: row.table_hash,
    }
  }

  /** Any table ever offered, by hash, as a proof serves it; null when there is none. */
  async table(hash: string): Promise<CaseTableResponse | null> {
    const [row] = await this.db.query<{ canonical: string }>(
      'SELECT canonical FROM case_tables WHERE hash = $1',
      [hash],
    )
    if (!row) return null
    const table = this.parse(hash, row.canonical)
    return {
      hash,
      currency: table.currency,
      canonical: row.canonical,
      items: itemsWithRanges(table),
    }
  }

  private async row(slug: string): Promise<CaseRow | null> {
    const rows = await this.db.query<CaseRow>(`${SELECT_CASES} WHERE c.slug = $1`, [slug])
    return rows[0] ?? null
  }

  private tableOf(row: CaseRow): CaseTable {
    return this.parse(row.table_hash, row.canonical)
  }

  private parse(hash: string, canonical: string): CaseTable {
    const known = this.tables.get(hash)
    if (known) return known
    const table = parseCanonicalTable(canonical)
    // The hash is checked on read too: a table that no longer matches its name is a bug, not a case.
    if (!table || tableHash(table) !== hash) throw new Error(`[cases] table ${hash} is corrupt`)
    this.tables.set(hash, table)
    return table
  }
}
