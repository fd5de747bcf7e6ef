import { describe, expect, it } from 'vitest'
import { parseRecording } from '../engine/replay'
import type { Minor } from '../engine/money'
import { recordedStartBalance, replayRound } from '../kit/testing/replayRound'
import three from '../../tests/recordings/cases-three.json'
import { casesClient, casesWire, tableHash, type CaseTable } from '.'
import { itemIndexOfTicket, openingStake } from './rules'

/**
 * A live opening of three cases against the reference server (`npm run record -- cases-three`,
 * see tests/recordings/README.md): one bet of three times the price, three tickets, revealed in
 * full. Tickets, ids and balances are the server's; the items are read from the tickets with the
 * table the opening names, which is the reference server's demo case "pocket" (its copy here must
 * hash to the recorded name, so a changed demo case shows up as a new recording).
 */
const recording = parseRecording(three)

const item = (
  id: string,
  tickets: number,
  value: number,
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary',
  en: string,
  ru: string,
  kz: string,
) => ({
  id,
  name: { en, ru, kz },
  value: value as Minor,
  rarity,
  tickets,
})
/** server/games/cases/demo.ts, "pocket". */
const POCKET: CaseTable = {
  currency: 'RUB',
  items: [
    item('feather', 40_000, 1_000, 'common', 'Feather', 'Перо', 'Қауырсын'),
    item('shell', 30_000, 2_500, 'common', 'Seashell', 'Ракушка', 'Бақалшақ'),
    item('copper-coin', 18_000, 5_000, 'uncommon', 'Copper coin', 'Медная монета', 'Мыс тиын'),
    item('key', 9_000, 12_000, 'rare', 'Old key', 'Старый ключ', 'Ескі кілт'),
    item('compass', 2_500, 30_000, 'epic', 'Compass', 'Компас', 'Компас'),
    item('crown', 500, 150_000, 'legendary', 'Crown', 'Корона', 'Тәж'),
  ],
}

const all = (name: string) =>
  recording.events.filter((e) => e.dir === 'in' && e.name === name).map((e) => e.payload)

describe('cases recording (live)', () => {
  it('is a live recording of the current protocol', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.service).toBe('cases')
    for (const e of recording.events) {
      if (e.dir === 'in' && !e.name.includes(':')) casesClient.eventFromStream(e.name, e.payload)
    }
  })

  it('three cases in one bet: three tickets of one nonce, paid the sum of their items', async () => {
    const bets = recording.events
      .filter((e) => e.dir === 'out' && e.name === 'bet')
      .map((e) => casesWire.parseCommand('bet', e.payload))
    const acks = all('bet:ack').map((payload) => casesWire.parseAck('bet', payload))
    expect(bets).toHaveLength(1)
    expect(acks).toHaveLength(1)
    const bet = bets[0]!
    const ack = acks[0]!
    if (ack.type !== 'ok') throw new Error(`refused: ${ack.code}`)
    expect(bet.params).toMatchObject({ case: 'pocket', count: 3, table: tableHash(POCKET) })
    expect(bet.amount).toBe(openingStake(5_000 as Minor, 3))
    expect(ack.outcome.tickets).toHaveLength(3)
    expect(ack.outcome.items).toEqual(
      ack.outcome.tickets.map((ticket) => POCKET.items[itemIndexOfTicket(POCKET, ticket)]!.id),
    )
    const paid = ack.outcome.items.reduce(
      (sum, id) => sum + POCKET.items.find((i) => i.id === id)!.value,
      0,
    )
    expect(ack.payout).toBe(paid)
    expect(ack.balance).toBe(recordedStartBalance(casesWire, recording) - bet.amount + paid)
    expect(ack.nonce).toBe(0)

    const result = await replayRound(recording, {
      wire: casesWire,
      machine: (transport) =>
        casesClient.roundMachine.provide({ actors: casesClient.commandActors(transport) }),
      eventFromStream: casesClient.eventFromStream,
    })
    expect(result.states).toEqual(['idle', 'betting', 'revealing', 'settled'])
    expect(result.context).toMatchObject({
      balance: ack.balance,
      pending: null,
      lastError: null,
      last: { betId: ack.betId, outcome: ack.outcome, payout: ack.payout },
      seeds: { serverSeedHash: ack.serverSeedHash, nonce: 1 },
    })
  })
})
