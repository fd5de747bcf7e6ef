import { render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/cases.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { answeringProof, settledBetProof } from '../../kit/testing/betProof'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { tableHash, type CaseTable } from '../rules'
import { CaseBetProof, caseBetProofLoader, caseProofRules } from './CaseBetProof'

i18nTestEnv({ en: { cases: en, kit: kitEn } })

const SEED = 'c3'.repeat(32)
const text = (en: string) => ({ en, ru: en, kz: en })
const table: CaseTable = {
  currency: 'RUB',
  items: [
    {
      id: 'feather',
      name: text('Feather'),
      rarity: 'common',
      tickets: 60_000,
      value: 1_000 as Minor,
    },
    { id: 'key', name: text('Key'), rarity: 'rare', tickets: 39_000, value: 9_000 as Minor },
    {
      id: 'crown',
      name: text('Crown'),
      rarity: 'legendary',
      tickets: 1_000,
      value: 90_000 as Minor,
    },
  ],
}
const caseName = { en: 'Pocket Change', ru: 'Мелочь в кармане', kz: 'Қалта ақшасы' }
const params = { case: 'pocket', table: tableHash(table), count: 3, itemTable: table, caseName }
const { settled, proof } = settledBetProof(caseProofRules, {
  params,
  amount: 15_000 as Minor,
  serverSeed: SEED,
  clientSeed: 'mine',
  nonce: 4,
})
const names: Record<string, string> = { feather: 'Feather', key: 'Key', crown: 'Crown' }

describe('case opening proof', () => {
  it('shows each ticket with its item, the payout and the table, recomputed as the same opening', async () => {
    render(<CaseBetProof betId="b-1" load={answeringProof(proof)} locale="en" onClose={vi.fn()} />)
    const verdict = await screen.findByTestId('cases.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    expect(screen.getByTestId('cases.proof-case').textContent).toBe('Pocket Change')
    expect(screen.getByTestId('cases.proof-count').textContent).toBe('3')
    const drawn = screen.getAllByTestId('cases.proof-drawn')
    expect(drawn.map((li) => li.dataset.item)).toEqual(settled.outcome.items)
    drawn.forEach((li, i) => {
      expect(li.textContent).toContain(`Ticket ${settled.outcome.tickets[i]}: `)
      expect(li.textContent).toContain(names[settled.outcome.items[i]!])
    })
    expect(screen.getByTestId('cases.proof-payout').textContent).toContain(
      String(settled.payout / 100),
    )
    expect(screen.getByTestId('cases.proof-table-hash').textContent).toBe(params.table)
    const crown = within(screen.getByTestId('cases.proof-table')).getByTestId(
      'cases.proof-item-crown',
    )
    expect(crown.textContent).toContain('99001–100000')
  })

  it("shows the case's name in the player's language, and its slug when it has none", async () => {
    await i18next.changeLanguage('kz')
    const { unmount } = render(
      <CaseBetProof betId="b-1" load={answeringProof(proof)} locale="kz" onClose={vi.fn()} />,
    )
    expect((await screen.findByTestId('cases.proof-case')).textContent).toBe('Қалта ақшасы')
    unmount()
    await i18next.changeLanguage('en')
    const { caseName: _, ...nameless } = params
    render(
      <CaseBetProof
        betId="b-1"
        load={answeringProof({ ...proof, params: nameless })}
        locale="en"
        onClose={vi.fn()}
      />,
    )
    expect((await screen.findByTestId('cases.proof-case')).textContent).toBe('pocket')
  })

  it('calls an opening whose served table is not the one its hash names a mismatch', async () => {
    const other = { ...table, items: table.items.map((i) => ({ ...i, value: 1 as Minor })) }
    const load = answeringProof({ ...proof, params: { ...params, itemTable: other } })
    render(<CaseBetProof betId="b-1" load={load} locale="en" onClose={vi.fn()} />)
    expect((await screen.findByTestId('cases.proof-verdict')).dataset.status).toBe('mismatch')
  })

  it('asks for a rotation while the server seed is secret', async () => {
    const load = answeringProof({ ...proof, serverSeed: null })
    render(<CaseBetProof betId="b-1" load={load} locale="en" onClose={vi.fn()} />)
    expect((await screen.findByTestId('cases.proof-verdict')).dataset.status).toBe('unrevealed')
  })

  it('loads the table the opening named by its hash, and fails without it', async () => {
    const { itemTable: _, caseName: __, ...opening } = proof.params
    const bare = answeringProof({ ...proof, params: opening })
    const loadTable = vi.fn(async () => ({ type: 'ok' as const, value: table }))
    const loadName = vi.fn(async () => caseName)
    const got = await caseBetProofLoader(
      bare,
      loadTable,
      loadName,
    )('b-1', new AbortController().signal)
    expect(loadTable).toHaveBeenCalledWith(params.table, expect.anything())
    expect(loadName).toHaveBeenCalledWith('pocket', expect.anything())
    expect(got).toEqual({ type: 'ok', proof })
    // A case no longer offered has no name: the proof still loads, and shows the slug.
    const nameless = await caseBetProofLoader(
      bare,
      loadTable,
      async () => null,
    )('b-1', new AbortController().signal)
    expect(nameless).toEqual({
      type: 'ok',
      proof: { ...proof, params: { ...opening, itemTable: table } },
    })
    const gone = caseBetProofLoader(bare, async () => ({ type: 'notFound' }))
    expect(await gone('b-1', new AbortController().signal)).toEqual({ type: 'failed' })
  })
})
