import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Minor, type MoneyLocale } from '../../engine/money'
import type { InstantMultiplier } from '../../kit/instant/protocol'
import type { InstantRules } from '../../kit/instant/rules'
import { instantBetProofLoader, type LoadInstantBetProof } from '../../kit/instant/ui/betProof'
import { InstantBetProof } from '../../kit/instant/ui/InstantBetProof'
import {
  caseRules,
  tableHash,
  ticketRanges,
  type CaseOutcome,
  type CaseParams,
  type CaseTable,
  type CaseText,
} from '../rules'
import { caseOutcomeSchema, caseParamsSchema } from '../protocol'
import { loadCase, loadCaseTable, type Loaded } from './catalogueApi'
import { formatDecimal, textIn } from './caseText'

/** An opening's params with the item table they name, loaded by its hash for the proof. */
export interface CaseProofParams extends CaseParams {
  /** The table served for `table` (the hash): the one the bet used, not the case's current one. */
  itemTable: CaseTable
  /** The case's name in each language (the catalogue's); absent when it is no longer offered. */
  caseName?: CaseText
}

/** Loads one opening's proof with its table (`caseBetProofLoader`, or a test's fake). */
export type LoadCaseBetProof = LoadInstantBetProof<CaseProofParams, CaseOutcome>

/** Loads an item table by its hash (`loadCaseTable` on the service, or a test's fake). */
export type LoadCaseTable = (hash: string, signal: AbortSignal) => Promise<Loaded<CaseTable>>

/** Loads a case's name by its slug (the catalogue's case, or a test's fake); null: none. */
export type LoadCaseName = (slug: string, signal: AbortSignal) => Promise<CaseText | null>

/**
 * The proof of an opening, then the table its params name and the case's name: a table the
 * service no longer serves leaves nothing to verify with, so the proof counts as failed; a case
 * no longer offered (no name) still verifies, shown by its slug.
 */
export function caseBetProofLoader(
  load: LoadInstantBetProof<CaseParams, CaseOutcome>,
  loadTable: LoadCaseTable,
  loadName: LoadCaseName = async () => null,
): LoadCaseBetProof {
  return async (id, signal) => {
    const got = await load(id, signal)
    if (got.type !== 'ok') return got
    const [table, caseName] = await Promise.all([
      loadTable(got.proof.params.table, signal),
      loadName(got.proof.params.case, signal),
    ])
    if (table.type !== 'ok') return { type: 'failed' }
    const params = { ...got.proof.params, itemTable: table.value }
    return {
      type: 'ok',
      proof: { ...got.proof, params: caseName ? { ...params, caseName } : params },
    }
  }
}

/** A case's name from the catalogue (null when it is not offered or does not answer). */
function caseNameLoader(serviceUrl: string): LoadCaseName {
  return async (slug, signal) => {
    const got = await loadCase(serviceUrl, slug, signal)
    return got.type === 'ok' ? got.value.name : null
  }
}

const nothing = { tickets: [], items: [] }

/**
 * An opening recomputed from its proof: the case's own rules on the table the opening named
 * (its price is the stake over the count). A table whose hash is not the one named draws
 * nothing, so the verdict is a mismatch.
 */
export const caseProofRules: InstantRules<CaseProofParams, CaseOutcome> = {
  game: 'cases',
  refusal: () => 'bad_request',
  maxPayout: () => 0 as Minor,
  settle(params, amount, floats) {
    const { itemTable, ...opening } = params
    if (tableHash(itemTable) !== opening.table) {
      return { outcome: nothing, multiplier: 0 as InstantMultiplier, payout: 0 as Minor }
    }
    const price = (amount / opening.count) as Minor
    const rules = caseRules({ slug: opening.case, price, table: itemTable, hash: opening.table })
    return rules.settle(opening, amount, floats)
  },
}

/** Props of `CaseBetProof`. */
export interface CaseBetProofProps {
  betId: string
  load: LoadCaseBetProof
  locale: MoneyLocale
  onClose: () => void
}

/**
 * Any opening's proof, opened by its id: the kit's instant proof with the case, the count, each
 * ticket and the item it drew, the payout, and the item table the opening named with each
 * item's ticket range.
 */
export function CaseBetProof({ betId, load, locale, onClose }: CaseBetProofProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  return (
    <InstantBetProof
      game="cases"
      betId={betId}
      load={load}
      rules={caseProofRules}
      outcomeText={(outcome) => t('cases:proof.outcome', { tickets: outcome.tickets.join(', ') })}
      onClose={onClose}
      rows={(proof) => {
        const table = proof.params.itemTable
        const money = (value: number) => formatMoney(value as Minor, table.currency, locale)
        const ranges = ticketRanges(table)
        return (
          <>
            <dt>{t('cases:proof.case')}</dt>
            <dd data-testid="cases.proof-case" data-case={proof.params.case}>
              {proof.params.caseName ? textIn(proof.params.caseName, language) : proof.params.case}
            </dd>
            <dt>{t('cases:proof.count')}</dt>
            <dd data-testid="cases.proof-count">{proof.params.count}</dd>
            <dt>{t('cases:proof.drawn')}</dt>
            <dd>
              <ol className="cases-proof__drawn">
                {proof.outcome.tickets.map((ticket, i) => {
                  // The item the server says it drew; the verdict below checks it is the ticket's.
                  const id = proof.outcome.items[i] ?? ''
                  const item = table.items.find((it) => it.id === id)
                  return (
                    <li key={i} data-testid="cases.proof-drawn" data-item={id}>
                      {t('cases:proof.ticket', {
                        ticket,
                        item: item ? textIn(item.name, language) : id,
                        value: money(item?.value ?? 0),
                      })}
                    </li>
                  )
                })}
              </ol>
            </dd>
            <dt>{t('cases:proof.payout')}</dt>
            <dd data-testid="cases.proof-payout">{money(proof.payout)}</dd>
            <dt>{t('cases:proof.table')}</dt>
            <dd>
              <code data-testid="cases.proof-table-hash">{proof.params.table}</code>
              <div className="cases-items__scroll">
                <table className="cases-proof__table" data-testid="cases.proof-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('cases:items.item')}</th>
                      <th scope="col">{t('cases:items.chance')}</th>
                      <th scope="col">{t('cases:items.value')}</th>
                      <th scope="col">{t('cases:items.tickets')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.items.map((item, i) => (
                      <tr key={item.id} data-testid={`cases.proof-item-${item.id}`}>
                        <th scope="row">{textIn(item.name, language)}</th>
                        <td>{formatDecimal(item.tickets / 1000, 3, locale)}</td>
                        <td>{money(item.value)}</td>
                        <td>{`${ranges[i]!.from}–${ranges[i]!.to}`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </dd>
          </>
        )
      }}
    />
  )
}

/** A cases page's `?bet=` proof: the shell's parameter, and how proofs load (tests: a fake). */
export interface CaseProofExtra {
  /** A bet whose proof is open (the page's `?bet=` parameter), any opening by id; null: none. */
  proofBet?: string | null
  /** The player closed that proof; the page drops the parameter. */
  onProofClosed?: () => void
  /** How proofs load; the service's proof and its table by hash (`caseBetProofLoader`) by default. */
  loadCaseProof?: LoadCaseBetProof
}

const noop = () => {}

/** The proof of the page's `?bet=`, if any, over `serviceUrl` (or the page's own loader). */
export function CaseProofOfPage(
  props: CaseProofExtra & { serviceUrl: string; locale: MoneyLocale },
) {
  const { serviceUrl } = props
  const [serviceLoader] = useState(() =>
    caseBetProofLoader(
      instantBetProofLoader(
        { game: 'cases', params: caseParamsSchema, outcome: caseOutcomeSchema },
        serviceUrl,
      ),
      (hash, signal) => loadCaseTable(serviceUrl, hash, signal),
      caseNameLoader(serviceUrl),
    ),
  )
  if (!props.proofBet) return null
  return (
    <CaseBetProof
      betId={props.proofBet}
      load={props.loadCaseProof ?? serviceLoader}
      locale={props.locale}
      onClose={props.onProofClosed ?? noop}
    />
  )
}
