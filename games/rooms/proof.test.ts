import { describe, expect, it } from 'vitest'
import { roomDrawSchema, purchaseRowSchema } from './protocol'
import { checkDraw } from './proof'
import { rows, wireDraw } from './round.fixtures'

const list = rows([
  { purchaseId: 'a', player: 'alice', count: 3 },
  { purchaseId: 'b', player: null, count: 4 },
  { purchaseId: 'c', player: 'carol', count: 1 },
])
const draw = roomDrawSchema.parse(
  wireDraw({ room: 'yellow', roundId: 'y-5', nonce: 5, purchases: list }),
)
const purchases = list.map((row) => purchaseRowSchema.parse(row))

describe('a draw checked in the browser', () => {
  it('agrees with an honest draw: commitment, client seed and winning ticket', () => {
    expect(checkDraw(draw, purchases)).toMatchObject({
      commitmentOk: true,
      clientSeed: draw.clientSeed,
      clientSeedOk: true,
      winningTicket: draw.winningTicket,
      winningTicketOk: true,
    })
    expect(checkDraw(draw, purchases).listText).toMatch(
      /^0-2 a seed-a\n3-6 b seed-b\n7-7 c seed-c\n$/,
    )
  })

  it('catches a seed that is not the committed one, a changed list and a moved ticket', () => {
    expect(checkDraw({ ...draw, serverSeed: 'cd'.repeat(32) }, purchases).commitmentOk).toBe(false)
    const changed = purchases.map((p, i) => (i === 1 ? { ...p, clientSeed: 'other' } : p))
    expect(checkDraw(draw, changed).clientSeedOk).toBe(false)
    const moved = { ...draw, winningTicket: (draw.winningTicket + 1) % draw.tickets }
    expect(checkDraw(moved, purchases).winningTicketOk).toBe(false)
  })

  it('checks only the commitment without the whole list', () => {
    expect(checkDraw(draw, undefined)).toMatchObject({ commitmentOk: true, winningTicketOk: null })
    expect(checkDraw(draw, purchases.slice(1))).toMatchObject({ clientSeedOk: null })
  })
})
