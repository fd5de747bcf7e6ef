/**
 * What a room's start does with whatever the previous process left, at the kit's gates in the
 * kit's order (kit/live/recovery.ts). Nothing here is told before it is written, so the rows are
 * what watchers saw, or more; and a round's final status is final in the database (a trigger), so
 * no purchase is ever both paid and refunded:
 *
 * - A round whose draw was written settles as drawn: each purchase still open is closed by the
 *   stored winner and payout, with the same keys the loop uses (a close the ledger already made
 *   is not made again).
 * - A round still selling (`open`, or `counting` with its stored end) resumes with its purchases
 *   and its countdown; one the operator closed (ROOMS_CLOSED) is refunded whole instead.
 * - A purchase's row and hold are one transaction, so a row always has its money; a hold the
 *   ledger already closed (the stop fell between the ledger and the row) brings the row in line.
 * - A refunded round's purchases still open are refunded.
 */
import type { Queryable } from '../../db/db'
import { recoverLive } from '../kit/live/recovery'
import { holdState } from '../kit/ledgerHolds'
import type { GameLog } from '../kit/log'
import type { PurchaseRecord, RoomsStore, RoundRecord } from './store'

/** What the gates hand the loop. */
export interface RecoveredRoom {
  /** The round to open first (the resumed one, or the one after the latest). */
  next: number
  /** The round that resumes, with its purchases in ticket order. */
  resumed: { rec: RoundRecord; purchases: PurchaseRecord[] } | null
}

const selling = (r: RoundRecord) => r.status === 'open' || r.status === 'counting'

/** Runs the gates for one room and currency. */
export async function recoverRoom(ctx: {
  db: Queryable
  store: RoomsStore
  /** The operator closed the room: a round still selling is refunded whole. */
  closed: boolean
  now: number
  settle(round: RoundRecord, purchases: PurchaseRecord[]): Promise<void>
  refund(p: PurchaseRecord): Promise<void>
  log: GameLog
}): Promise<RecoveredRoom> {
  const { store, log } = ctx
  const latestBefore = await store.latestRound()
  if (ctx.closed && latestBefore && selling(latestBefore)) {
    await store.refundRound(latestBefore.id, ctx.now)
    log.info({ round: latestBefore.id }, '[rooms] room closed: its round is refunded whole')
  }
  type Row = RoundRecord & { game: number }
  const withGame = (r: RoundRecord | null): Row | null => r && { ...r, game: r.seq }
  const { next, standing } = await recoverLive<
    Row,
    PurchaseRecord & { game: number },
    PurchaseRecord
  >({
    // A room's close and draw are one transaction: no round is ever left half-way.
    roundsUnderWay: async () => [],
    endUnderWay: async () => {},
    latestRound: async () => withGame(await store.latestRound()),
    roundAt: async (seq) => withGame(await store.roundAt(seq)),
    takesBets: selling,
    openBets: async () => (await store.openPurchases()).map((p) => ({ ...p, game: p.seq })),
    async reconcile(p) {
      const hold = await holdState(ctx.db, p.hold_id)
      if (!hold || hold.status === 'open') return p.hold_id
      const status = hold.status === 'won' ? 'won' : hold.status === 'lost' ? 'lost' : 'refunded'
      await store.closePurchase(p.id, status, Number(hold.payout ?? 0))
      return null
    },
    stand: async (p) => p,
    async settle(p, round) {
      if (round.status === 'drawn') await ctx.settle(round, [p])
      else await ctx.refund(p)
    },
  })
  const latest = await store.latestRound()
  if (!latest || !selling(latest)) return { next, resumed: null }
  const purchases = standing
    .filter((p) => p.round_id === latest.id)
    .sort((a, b) => a.first_ticket - b.first_ticket)
  return { next, resumed: { rec: latest, purchases } }
}
