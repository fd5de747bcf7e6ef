/**
 * What every instant game's kit module says the same way: how the kit's page reads the instant
 * round machine (balance, error, round and phase) and the machine's input for a player.
 */
import type { InstantRoundContext, InstantRoundInput } from '../instant/round.machine'
import type { GameHooks, GamePlayer } from './gameModule'
import { instantErrorKey } from './InstantBetPanel'

/** The part of an instant round machine's snapshot the page reads. */
interface InstantSnapshot {
  value: unknown
  context: Pick<InstantRoundContext<unknown, unknown>, 'balance' | 'lastError' | 'last'>
}

/** How the kit's page reads any instant game's round. */
export function instantPageHooks<S extends InstantSnapshot>(): GameHooks<S> {
  return {
    balance: (snapshot) => snapshot.context.balance,
    errorKey: (snapshot) =>
      snapshot.context.lastError ? instantErrorKey(snapshot.context.lastError) : null,
    frame: (snapshot) => ({
      roundId: snapshot.context.last?.betId ?? null,
      phase: String(snapshot.value),
    }),
  }
}

/** The instant round machine's input for a player (null: a guest). */
export function instantRoundInput(player: GamePlayer | null): InstantRoundInput {
  return { currency: player?.currency ?? null, balance: player?.balance ?? null }
}
