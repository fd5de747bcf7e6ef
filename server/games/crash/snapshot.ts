/**
 * The `snapshot` event: the full state a watcher or a player gets on joining and on `sync`, built
 * from the loop's state at one instant that watchers have been told (CrashService.snapshot waits
 * for pending announcements first, so nothing here runs ahead of a write).
 */
import {
  PROTOCOL_VERSION,
  type HistoryEntry,
  type Phase,
  type RoundId,
} from '../../../games/crash/protocol'
import type { CrashPoint } from '../../../games/engine/fairness'
import type { Minor } from '../../../games/engine/money'
import type { Player } from '../kit/player'
import type { FeedPrivacy } from '../kit/privacy'
import { ownBet } from './bet'
import type { CrashBets } from './CrashBets'
import type { CrashChain } from './chainStore'
import type { SnapshotEvent } from './CrashService'

/** The round facts a snapshot shows (its crash point and hash only once it crashed). */
export interface SnapshotRound {
  game: number
  id: RoundId
  phase: Phase
  bettingEndsAt: number
  startedAt: number | null
  crashPoint: CrashPoint
  hash: string
}

/** The snapshot for `user` (null: a guest), whose real balance is `balance`. */
export function crashSnapshot(state: {
  round: SnapshotRound
  serverTime: number
  chain: Pick<CrashChain, 'salt' | 'terminatingHash'>
  book: CrashBets
  history: HistoryEntry[]
  user: Player | null
  balance: Minor | null
  /** Who hides their statistics now: a row shown before the player hid loses its name here. */
  privacy: FeedPrivacy
}): SnapshotEvent {
  const { round: r, chain, book, user, balance } = state
  const ended = r.phase === 'crashed'
  return {
    type: 'snapshot',
    v: PROTOCOL_VERSION,
    serverTime: state.serverTime,
    round: {
      id: r.id,
      phase: r.phase,
      bettingEndsAt: r.phase === 'betting' ? r.bettingEndsAt : null,
      startedAt: r.startedAt,
      crashPoint: ended ? r.crashPoint : null,
      roundHash: ended ? r.hash : null,
    },
    fairness: { salt: chain.salt, terminatingHash: chain.terminatingHash },
    // As each row was shown: not a bet still being held (it may be refused), nor a cash-out
    // still being recorded.
    bets: book
      .betsOf(r.game)
      .flatMap((b) =>
        b.shown ? [{ ...b.shown, player: state.privacy.publicName(b.userId, b.player) }] : [],
      ),
    history: state.history,
    me:
      user && balance !== null
        ? {
            balance,
            currency: user.currency,
            bets: book
              .ownBets(user.userId, [r.game, r.game + 1])
              .filter((b) => b.status !== 'holding')
              .map((b) => ownBet(b, r.game)),
          }
        : null,
  }
}
