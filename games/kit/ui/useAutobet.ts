import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { AutobetMachine, AutobetSettings } from '../autobet.machine'
import { newCommandKey } from '../stream/commandKey'
import type { AutoBetStatus } from './AutoBetPanel'
import { linkAutobet, type AutobetHooks, type RoundActorLike } from './autoBetLink'

/** A game's auto-bet, as its panel uses it. */
export interface AutobetControl<P extends object> {
  status: AutoBetStatus
  onStart: (settings: AutobetSettings<P>) => void
  onStop: () => void
}

/**
 * Runs the game's auto-bet machine beside its round actor, linked (`linkAutobet`) for as long as
 * the component lives. `machine` and `hooks` must be module constants.
 */
export function useAutobet<S, E, P extends object>(
  round: RoundActorLike<S, E>,
  machine: AutobetMachine<P>,
  hooks: AutobetHooks<S, E, P>,
): AutobetControl<P> {
  const autobet = useActorRef(machine)
  useEffect(
    () => linkAutobet({ round, autobet, hooks, newKey: newCommandKey }),
    [round, autobet, hooks],
  )
  const status = useSelector(autobet, statusOf<P>, sameStatus)
  return {
    status,
    onStart: (settings) => autobet.send({ type: 'START', settings }),
    onStop: () => autobet.send({ type: 'STOP' }),
  }
}

function statusOf<P extends object>(snapshot: SnapshotFrom<AutobetMachine<P>>): AutoBetStatus {
  const { settings, played, net, stopReason } = snapshot.context
  return {
    running: snapshot.matches('on'),
    played,
    rounds: settings?.rounds ?? null,
    net,
    stopReason,
  }
}

const sameStatus = (a: AutoBetStatus, b: AutoBetStatus) =>
  a.running === b.running &&
  a.played === b.played &&
  a.rounds === b.rounds &&
  a.net === b.net &&
  a.stopReason === b.stopReason
