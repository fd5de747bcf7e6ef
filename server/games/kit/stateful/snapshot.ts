/**
 * A stateful game's snapshot (its event on join and on `sync`): the player's seeds and balance,
 * `round`, the round not yet paid (open, or decided and being paid), from which an open round
 * resumes, and `lastEnded`, the player's most recently paid round of the game, so a page that
 * showed it open sees how it ended where the page did not (another tab, the 30 days, a dropped
 * socket). An open round shows only the rules' public view (store.ts); an ended one shows all,
 * as its public proof does. The reads go side by side, each on an index.
 */
import { STATEFUL_PROTOCOL_VERSION } from '../../../../games/kit/stateful/protocol'
import type { Services } from '../../../services'
import { playerSeeds } from '../instant/kit'
import type { Player } from '../player'
import { cappedPayout, type AnyGame } from './game'
import type { StatefulKit } from './kit'
import { lastEndedRound, roundView, stepsOf } from './store'

/** The snapshot of `game` for `user` (a guest's has no `me`). */
export async function statefulSnapshot(
  services: Services,
  kit: StatefulKit,
  game: AnyGame,
  user: Player | null,
) {
  const me = user
    ? await Promise.all([
        playerSeeds(services, kit.instant, user),
        kit.rounds.current(game, user.userId),
        lastEnded(services, game, user),
      ])
    : null
  return {
    type: 'snapshot' as const,
    v: STATEFUL_PROTOCOL_VERSION,
    serverTime: kit.scheduler.now(),
    me: me ? { ...me[0], round: me[1], lastEnded: me[2] } : null,
  }
}

/** The player's last paid round of `game` as the wire shows it, or null. */
async function lastEnded(services: Services, game: AnyGame, user: Player) {
  const row = await lastEndedRound(services.db, game.id, user.userId)
  if (!row) return null
  const steps = await stepsOf(services.db, row.id)
  return roundView(game.rules, row, steps, cappedPayout(row, row.multiplier))
}
