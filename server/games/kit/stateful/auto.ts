/**
 * Auto play of a stateful game: the steps chosen beforehand (miner's `{ mines, tiles }`,
 * coinflip's calls) settled as ONE instant bet by the instant kit's bet path, on the game's own
 * namespace, so auto play never leaves a round open. The bet is an instant bet in every way: its
 * row (`instant_bets`, named by the stateful game's id), its nonce of the shared seed pair, its
 * live-table row, its proof (`GET /api/games/bets/:id`) and its idempotency by key.
 */
import type { AnyInstantLogic } from '../../../../games/kit/instant/define'
import { instantWireOf, type InstantBetCommand } from '../../../../games/kit/instant/protocol'
import type { GameDefinition } from '../../../../games/kit/define'
import type { BetGame } from '../../../../games/engine/money'
import type { InstantKit } from '../instant/kit'
import { command, type WireCommand } from '../namespace'
import type { Player } from '../player'

/**
 * The `bet` command of a stateful game: the instant bet of `auto`'s rules, or, for a game
 * without auto play, a command whose every payload is refused `bad_request` (the namespace
 * answers a null parse so).
 */
export function autoBet(
  game: GameDefinition & { readonly limits: BetGame },
  auto: AnyInstantLogic | undefined,
  instant: InstantKit,
): WireCommand {
  if (!auto) return command({ parse: () => null, run: () => null })
  const wire = instantWireOf(game, auto)
  const played = { id: game.id, limits: game.limits, rules: auto.rules }
  return command({
    parse: (payload) => wire.parseCommand('bet', payload) as InstantBetCommand<unknown> | null,
    run: (user: Player | null, cmd) => instant.bets.place(played, user, cmd),
  })
}
