import { describe, expect, it } from 'vitest'
import { roomsWire } from './protocol'
import { overviewAfter, playersIn, type RoomsOverview } from './overview'
import {
  countdownEvent,
  drawnEvent,
  openedEvent,
  rows,
  ticketsEvent,
  wireDraw,
  wireSnapshot,
} from './round.fixtures'

const parse = (payload: { type: string }) => roomsWire.parseEvent(payload.type, payload)

describe('the rooms at a glance', () => {
  it('follows each room: pot, players, countdown, last winner, next round', () => {
    let overview: RoomsOverview = null
    overview = overviewAfter(
      overview,
      parse(ticketsEvent('red', 'red-1', rows([{ purchaseId: 'x', player: 'x', count: 1 }]))),
    )
    expect(overview).toBeNull()
    overview = overviewAfter(overview, parse(wireSnapshot()))
    const first = rows([
      { purchaseId: 'a', player: 'alice', count: 3 },
      { purchaseId: 'h', player: null, count: 1 },
    ])
    overview = overviewAfter(overview, parse(ticketsEvent('yellow', 'yellow-1', first)))
    overview = overviewAfter(overview, parse(countdownEvent('yellow', 'yellow-1', 5)))
    expect(overview?.yellow.round).toMatchObject({
      pot: 4_000,
      tickets: 4,
      status: 'counting',
      countdownEndsAt: 5,
    })
    expect(playersIn(overview!.yellow.round)).toBe(2)
    expect(overview?.red.round.tickets).toBe(0)

    const draw = wireDraw({ room: 'yellow', roundId: 'yellow-1', nonce: 1, purchases: first })
    overview = overviewAfter(overview, parse(drawnEvent(draw)))
    overview = overviewAfter(overview, parse(openedEvent('yellow', 'yellow-2', 2)))
    expect(overview?.yellow.round).toMatchObject({
      roundId: 'yellow-2',
      tickets: 0,
      status: 'open',
    })
    expect(overview?.yellow.lastDraw?.winner.purchaseId).toBe(draw.winner.purchaseId)
    // A late batch of the round over changes nothing.
    overview = overviewAfter(
      overview,
      parse(
        ticketsEvent('yellow', 'yellow-1', rows([{ purchaseId: 'z', player: 'z', count: 1 }], 4)),
      ),
    )
    expect(overview?.yellow.round.tickets).toBe(0)
  })
})
