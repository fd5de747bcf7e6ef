/**
 * What every stateful game's kit module says the same way: how the kit's page reads the stateful
 * round machine (balance, error, round and phase, the round that just ended), the machine's input
 * for a player, and what its layout sets up before drawing (proof loader, seeds).
 */
import { useState, type ComponentType } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { CommandTransport } from '../../../engine/replay'
import type { GameHooks, GameLayoutProps, GameModule, GamePlayer } from '../../ui/gameModule'
import { useSeedsApi } from '../../seeds/useSeedsApi'
import type { StatefulCommandActors } from '../link'
import type {
  StatefulRoundContext,
  StatefulRoundInput,
  StatefulRoundMachine,
} from '../round.machine'
import { statefulProofLoader, type LoadStatefulProof, type StatefulProofSchemas } from '../proof'
import type { LoadInstantBetProof } from '../../instant/ui/betProof'
import type { StatefulPanelPhase } from './StatefulBetPanel'
import { statefulErrorKey } from './statefulErrors'

/** The part of a stateful round machine's snapshot the page reads. */
interface StatefulSnapshotLike {
  value: unknown
  context: Pick<
    StatefulRoundContext<unknown, unknown, unknown, unknown, unknown>,
    'balance' | 'lastError' | 'round'
  >
}

/** The machine's top state (`stepping` of `{ stepping: 'lost' }`): the round's phase. */
export function statefulPhase(value: unknown): StatefulPanelPhase {
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0]
  switch (top) {
    case 'idle':
    case 'opening':
    case 'open':
    case 'stepping':
    case 'cashingOut':
    case 'settled':
      return top
    default:
      throw new Error(`[kit/stateful/page] unknown state ${JSON.stringify(value)}`)
  }
}

/** How the kit's page reads any stateful game's round. */
export function statefulPageHooks<S extends StatefulSnapshotLike>(): GameHooks<S> {
  return {
    balance: (snapshot) => snapshot.context.balance,
    errorKey: (snapshot) =>
      snapshot.context.lastError ? statefulErrorKey(snapshot.context.lastError) : null,
    frame: (snapshot) => ({
      roundId: snapshot.context.round?.roundId ?? null,
      phase: statefulPhase(snapshot.value),
    }),
    // A round counts once it has ended (the session statistics, the end's sound).
    settled: (snapshot) => {
      const round = snapshot.context.round
      if (!round || round.status === 'open' || statefulPhase(snapshot.value) !== 'settled') {
        return null
      }
      return { id: round.roundId, amount: round.amount, payout: round.payout }
    },
  }
}

/** The stateful round machine's input for a player (null: a guest). */
export function statefulRoundInput(player: GamePlayer | null): StatefulRoundInput {
  return { currency: player?.currency ?? null, balance: player?.balance ?? null }
}

/** A stateful game's own page props, besides every game's: the `?bet=` proof. */
export interface StatefulPageExtra<P, A, O, R> {
  /** A round whose proof is open (the page's `?bet=` parameter), any round by id; null: none. */
  proofBet?: string | null
  /** The player closed that proof; the page drops the parameter. */
  onProofClosed?: () => void
  /** How proofs are fetched; `roundProofLoader` on the service by default (tests: a fake). */
  loadRoundProof?: LoadStatefulProof<P, A, O, R>
  /**
   * How an auto-bet's proof is fetched (an id no round has, on a game with an Auto tab); the
   * service's by default (tests: a fake).
   */
  loadBetProof?: LoadInstantBetProof<unknown, unknown>
}

/**
 * What a stateful game's layout sets up before it draws, the same for every game: the proof
 * loader (the page's, else one on the game's service) and the seeds API for a player.
 */
export function useStatefulLayout<P, A, O, R>(
  props: StatefulPageExtra<P, A, O, R> & {
    player: GamePlayer | null
    serviceUrl: string
    getToken: () => string | null
  },
  proof: StatefulProofSchemas<P, A, O, R>,
) {
  const [serviceLoader] = useState(() => statefulProofLoader(proof, props.serviceUrl))
  const seeds = useSeedsApi(props)
  return { loadProof: props.loadRoundProof ?? serviceLoader, seeds }
}

/** The page props of a stateful game's layout. */
export type StatefulLayoutPage<P, A, O, W, R> = GameLayoutProps<
  StatefulRoundMachine<P, A, O, W, R>
> &
  StatefulPageExtra<P, A, O, R>

/**
 * A stateful game as a kit game module, derived from its browser side (`statefulClient`): the
 * round machine with its command actors, the player's input, the stream on `/<id>`, the page's
 * hooks, and the game's layout (which fills the kit's `StatefulLayout`).
 */
export function statefulGameModule<P, A, O, W, R>(
  client: {
    game: { id: string }
    roundMachine: StatefulRoundMachine<P, A, O, W, R>
    commandActors: (transport: CommandTransport) => StatefulCommandActors<P, A, O, W, R>
    connect: GameModule<StatefulRoundMachine<P, A, O, W, R>>['connect']
  },
  Layout: ComponentType<StatefulLayoutPage<P, A, O, W, R>>,
): GameModule<StatefulRoundMachine<P, A, O, W, R>, StatefulPageExtra<P, A, O, R>> {
  return {
    id: client.game.id,
    machine: (transport) =>
      client.roundMachine.provide({ actors: client.commandActors(transport) }),
    input: statefulRoundInput,
    connect: client.connect,
    hooks: statefulPageHooks<SnapshotFrom<StatefulRoundMachine<P, A, O, W, R>>>(),
    Layout,
  }
}
