/**
 * What every instant game's kit module says the same way: how the kit's page reads the instant
 * round machine (balance, error, round and phase), the machine's input for a player, and what
 * its layout sets up before drawing (proof loader, seeds, instant play, auto-bet).
 */
import { useEffect, useState, type ComponentType } from 'react'
import type { PromiseActorLogic, SnapshotFrom } from 'xstate'
import type { CommandTransport } from '../../../engine/replay'
import type { InstantAutobetMachine } from '../autobet.machine'
import type { InstantRoundLike } from '../autobetLink'
import type { InstantBetAck, InstantBetCommand } from '../protocol'
import type { InstantRoundContext, InstantRoundInput, InstantRoundMachine } from '../round.machine'
import {
  instantBetProofLoader,
  type InstantProofSchemas,
  type LoadInstantBetProof,
} from './betProof'
import type { GameHooks, GameLayoutProps, GameModule, GamePlayer } from '../../ui/gameModule'
import { instantErrorKey } from './instantErrors'
import { useInstantSettings } from '../../ui/instantSettings'
import { useSeedsApi } from '../../seeds/useSeedsApi'
import { useInstantAutobet } from './useInstantAutobet'

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
    // A bet counts once its reveal is over (or skipped by the next bet).
    settled: (snapshot) => {
      const last = snapshot.context.last
      if (!last || snapshot.value === 'revealing') return null
      return { id: last.betId, amount: last.amount, payout: last.payout }
    },
  }
}

/** The instant round machine's input for a player (null: a guest). */
export function instantRoundInput(player: GamePlayer | null): InstantRoundInput {
  return { currency: player?.currency ?? null, balance: player?.balance ?? null }
}

/** An instant game's own page props, besides every game's: the `?bet=` proof. */
export interface InstantPageExtra<P, O> {
  /** A bet whose proof is open (the page's `?bet=` parameter), any bet by id; null: none. */
  proofBet?: string | null
  /** The player closed that proof; the page drops the parameter. */
  onProofClosed?: () => void
  /** How proofs are fetched; `instantBetProofLoader` on the service by default (tests: a fake). */
  loadBetProof?: LoadInstantBetProof<P, O>
}

/**
 * What an instant game's layout sets up before it draws, the same for every game: the proof
 * loader (the page's, else one on the game's service), the seeds API for a player (none for a
 * guest), instant play as the player's settings say, and the auto-bet run over the round.
 */
export function useInstantLayout<P, O>(
  props: InstantPageExtra<P, O> & {
    actor: InstantRoundLike<P>
    player: GamePlayer | null
    serviceUrl: string
    getToken: () => string | null
  },
  game: { proof: InstantProofSchemas<P, O>; autobet: InstantAutobetMachine<P> },
) {
  const { actor, serviceUrl } = props
  const [serviceLoader] = useState(() => instantBetProofLoader(game.proof, serviceUrl))
  const seeds = useSeedsApi(props)
  const instantPlay = useInstantSettings((s) => s.instantPlay)
  useEffect(() => actor.send({ type: 'SET_INSTANT', instant: instantPlay }), [actor, instantPlay])
  const autobet = useInstantAutobet(actor, game.autobet)
  return { loadProof: props.loadBetProof ?? serviceLoader, seeds, autobet }
}

/**
 * An instant game as a kit game module, derived from its browser side (`instantClient`): the
 * round machine with its command actor, the player's input, the stream on `/<id>`, the page's
 * hooks, and the game's layout (which fills the kit's `InstantLayout`).
 */
export function instantGameModule<P, O>(
  client: {
    game: { id: string }
    roundMachine: InstantRoundMachine<P, O>
    commandActors: (transport: CommandTransport) => {
      placeBet: PromiseActorLogic<InstantBetAck<O>, InstantBetCommand<P>>
    }
    connect: GameModule<InstantRoundMachine<P, O>>['connect']
  },
  Layout: ComponentType<GameLayoutProps<InstantRoundMachine<P, O>> & InstantPageExtra<P, O>>,
): GameModule<InstantRoundMachine<P, O>, InstantPageExtra<P, O>> {
  return {
    id: client.game.id,
    machine: (transport) =>
      client.roundMachine.provide({ actors: client.commandActors(transport) }),
    input: instantRoundInput,
    connect: client.connect,
    hooks: instantPageHooks<SnapshotFrom<InstantRoundMachine<P, O>>>(),
    Layout,
  }
}
