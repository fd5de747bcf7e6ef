/**
 * A round's money at its end: each purchase closed in the ledger once, by its own key (batched by
 * the ledger's group commit), then its row. Shared by the loop (after a draw) and recovery (a
 * draw written before a stop, or a round refunded whole).
 */
import type { Ledger } from '../../ledger/ledger'
import type { GameLog } from '../kit/log'
import type { PurchaseRecord, RoomsStore, RoundRecord } from './store'

/** What settling needs of its room. */
export interface SettlementContext {
  ledger: Ledger
  store: RoomsStore
  log: GameLog
}

/**
 * Closes every open purchase of a drawn round: the winner's pays the round's payout, the others
 * are lost. A repeat (a restart's recovery) closes nothing twice: the keys and the hold's single
 * close see to it; a close that fails stays `active` for the next start to settle the same way.
 */
export async function settleRound(
  ctx: SettlementContext,
  round: RoundRecord,
  purchases: readonly PurchaseRecord[],
): Promise<void> {
  await Promise.all(
    purchases
      .filter((p) => p.status === 'active')
      .map(async (p) => {
        const won = p.id === round.winner_purchase
        const payout = won ? round.payout! : 0
        try {
          await ctx.ledger.settle({ holdId: p.hold_id, payout, key: `rooms:settle:${p.id}` })
          await ctx.store.closePurchase(p.id, won ? 'won' : 'lost', payout)
        } catch (err) {
          ctx.log.error({ err, purchaseId: p.id }, '[rooms] settlement failed')
        }
      }),
  )
}

/** Gives a purchase's money back (its round refunded whole), once. */
export async function refundPurchase(ctx: SettlementContext, p: PurchaseRecord): Promise<void> {
  await ctx.ledger.refund({ holdId: p.hold_id, key: `rooms:refund:${p.id}` })
  await ctx.store.closePurchase(p.id, 'refunded', 0)
}
