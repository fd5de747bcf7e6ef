/**
 * A room's draw checked in the browser from what the page holds: the revealed server seed
 * against the commitment shown from the round's opening, and, with the round's whole ticket
 * list, the client seed and the winning ticket recomputed by the engine's ticket draw
 * (games/engine/fairness/tickets.ts), exactly as `npm run fair -- rooms` does.
 */
import { clientSeedOf, drawWinner, ticketListText } from '../engine/fairness/tickets'
import type { PurchaseRow, RoomDraw } from './protocol'
import { commitmentOf } from './rules'

/** What the check found. */
export interface DrawCheck {
  /** SHA-256 of the revealed server seed equals the commitment. */
  readonly commitmentOk: boolean
  /** The list's canonical text, null without the list. */
  readonly listText: string | null
  /** The client seed recomputed from the list (null without it), and whether it agrees. */
  readonly clientSeed: string | null
  readonly clientSeedOk: boolean | null
  /** The winning ticket recomputed (null without the list), and whether it agrees. */
  readonly winningTicket: number | null
  readonly winningTicketOk: boolean | null
}

/** Checks `draw`; `purchases` is its round's whole list when the page saw it, else undefined. */
export function checkDraw(
  draw: RoomDraw,
  purchases: readonly PurchaseRow[] | undefined,
): DrawCheck {
  const commitmentOk = commitmentOf(draw.serverSeed) === draw.commitment
  const total = purchases?.reduce((sum, p) => sum + p.count, 0)
  if (!purchases || total !== draw.tickets) {
    const none = { listText: null, clientSeed: null, clientSeedOk: null }
    return { commitmentOk, ...none, winningTicket: null, winningTicketOk: null }
  }
  const clientSeed = clientSeedOf(purchases, draw.beacon)
  const winningTicket = drawWinner({
    serverSeed: draw.serverSeed,
    clientSeed,
    nonce: draw.nonce,
    tickets: draw.tickets,
  })
  return {
    commitmentOk,
    listText: ticketListText(purchases, draw.beacon),
    clientSeed,
    clientSeedOk: clientSeed === draw.clientSeed,
    winningTicket,
    winningTicketOk: winningTicket === draw.winningTicket,
  }
}
